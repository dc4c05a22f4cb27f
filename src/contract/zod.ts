import { z } from 'zod';

/**
 * Zod as the contract and the browser import it. In a browser it runs jitless: Zod's compiled fast
 * path first probes `new Function('')`, which the portal's Content-Security-Policy refuses (no
 * 'unsafe-eval'), and browsers report that refusal as a policy violation on every page that builds
 * a schema, though Zod catches it. The server (Node) keeps the compiled parsers. Every module that
 * builds schemas imports z from here, so the setting comes before the first schema is made.
 */
if (!globalThis.process?.versions?.node) z.config({ jitless: true });

export { z };

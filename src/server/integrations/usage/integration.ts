import { integration, type Integration } from '../integration.ts';
import { usageSandboxRoutes } from './sandbox.ts';

/** The network's usage feed (data used per membership); the sandbox plays it. */
export const usage: Integration<undefined> = integration({ sandboxRoutes: () => usageSandboxRoutes() });

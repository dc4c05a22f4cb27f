import { integration, type Integration } from '../integration.ts';
import { mailSandboxRoutes } from './sandbox.ts';

/** E-mail goes through the outbox (sendMail); its sandbox shows what was sent. */
export const mail: Integration<undefined> = integration({ sandboxRoutes: () => mailSandboxRoutes() });

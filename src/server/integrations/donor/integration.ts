import { integration, type Integration } from '../integration.ts';
import { donorSandboxRoutes } from './sandbox.ts';

/** The donor networks of port-in requests; the sandbox plays them. */
export const donor: Integration<undefined> = integration({ sandboxRoutes: () => donorSandboxRoutes() });

import { integration, type Integration } from '../integration.ts';
import { helpdeskSandboxRoutes } from './sandbox.ts';

/** The help desk's single sign-on (helpdeskSsoUrl); its sandbox stands in for the help desk. */
export const helpdesk: Integration<undefined> = integration({ sandboxRoutes: () => helpdeskSandboxRoutes() });

import { z } from 'zod';
import { integration, settings, type Integration } from '../integration.ts';
import { helpdeskSandboxRoutes } from './sandbox.ts';

/** The help desk (Zendesk-style JWT single sign-on at /access/jwt). Unset: the sandbox at /sandbox/helpdesk. */
export const helpdeskSettings = settings({
  shape: { HELPDESK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional() },
  requiredInProduction: ['HELPDESK_URL'],
});

/** The help desk's single sign-on (helpdeskSsoUrl); its sandbox stands in for the help desk. */
export const helpdesk: Integration<undefined> = integration({ sandboxRoutes: () => helpdeskSandboxRoutes() });

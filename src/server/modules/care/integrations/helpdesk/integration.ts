import { z } from 'zod';
import { integration, settings, type Integration } from '../../../../integrations/integration.ts';
import { helpdeskSandboxRoutes } from './sandbox.ts';

/** The help desk (Zendesk-style JWT single sign-on at /access/jwt). Unset: the sandbox at /sandbox/helpdesk. */
export const helpdeskSettings = settings({
  shape: {
    HELPDESK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Signs help-desk single sign-on tokens; shared with the help desk. */
    HELPDESK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  },
  requiredInProduction: ['HELPDESK_URL', 'HELPDESK_SECRET'],
});

/** The help desk's single sign-on (helpdeskSsoUrl); its sandbox stands in for the help desk. */
export const helpdesk: Integration<undefined> = integration({ sandboxRoutes: () => helpdeskSandboxRoutes() });

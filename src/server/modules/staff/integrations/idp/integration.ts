import { z } from 'zod';
import { credential, settings } from '../../../../integrations/integration.ts';

/**
 * The operator's identity provider for the staff console (docs/product/staff.md "Signing in"):
 * OpenID Connect, authorization code with PKCE. All three set, or none: then the console answers
 * only where the sandboxes do, with the sandbox's own provider at /sandbox/idp; in production the
 * console is off until they are set. The role comes from the claim named by STAFF_OIDC_ROLE_CLAIM.
 */
export const staffSettings = settings({
  shape: {
    STAFF_OIDC_ISSUER: z.url({ error: 'must be the identity provider’s issuer URL' }).optional(),
    STAFF_OIDC_CLIENT_ID: credential(),
    STAFF_OIDC_CLIENT_SECRET: credential(),
    STAFF_OIDC_ROLE_CLAIM: z.string().min(1).default('roles'),
  },
  together: [['STAFF_OIDC_ISSUER', 'STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET']],
});

/** The sandbox provider's client (published in this repo: it proves nothing outside the sandbox). */
export const SANDBOX_CLIENT = { id: '48-staff-console', secret: 'sandbox-staff-console-secret-not-for-production' };
export const SANDBOX_IDP_PATH = '/sandbox/idp';
/** The demo staff's password at the sandbox provider (docs/product/staff.md). */
export const DEMO_STAFF_PASSWORD = 'Demo-48-staff';

/**
 * The staff module's face (docs/product/staff.md): the people who run 48 sign in with the operator's
 * identity provider, find and open a member with a reason, put money right within their limits or
 * with a second person's approval, work the queues; every read and action goes to the audit log.
 * It sits below every module whose face it uses (audit, care, controls, identity, money, network).
 */
export { staffRoutes } from './staff.routes.ts';
export { staffSignInRoutes, idpAnswers } from './sign-in.ts';
export { requireStaff } from './session.ts';
export { staffJobs } from './jobs.ts';
export { sandboxIdpRoutes, staffIdentityProvider } from './integrations/idp/sandbox-idp.ts';
export {
  staffSettings,
  SANDBOX_CLIENT,
  SANDBOX_IDP_PATH,
  DEMO_STAFF_PASSWORD,
} from './integrations/idp/integration.ts';
export { DEMO_STAFF } from './integrations/idp/demo-staff.ts';

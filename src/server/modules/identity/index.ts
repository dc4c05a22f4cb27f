/**
 * The identity module's face: all that other modules, the app and the jobs may use of it.
 *
 * Identity (docs/decisions/041-identity-once-proven.md): sign-up, log-in and sessions, passkeys,
 * password recovery, step-up codes, the member's details and how we contact them.
 */
export { authRoutes } from './auth/auth.routes.ts';
export { describeContactPreferences, describedContactPreferencesOf } from './contact-preferences.ts';
export { consumeEmailToken, issueEmailToken, pendingEmailOf } from './email-tokens.ts';
export { passkeysRoutes } from './passkeys/passkeys.routes.ts';
export { passwordRecoveryRoutes } from './password-recovery/password-recovery.routes.ts';
export { settingsRoutes } from './settings/settings.routes.ts';
export { signUpRoutes } from './sign-up/sign-up.routes.ts';
export { memberJoined, resendVerification } from './sign-up/sign-up.service.ts';
export { issueStepUpCode, mailStepUpCode, useStepUpCode } from './step-up.ts';
export { endSessions, sessionsEnded } from './sessions.ts';
export { eraseMember, memberErased } from './erase.ts';
export type { MemberErased } from './erase.ts';
export {
  addSegment,
  endNumberLocksDue,
  forgetExpiredChallenges,
  giveAffiliateId,
  removeSegment,
  recordNumberLock,
  setProvedEmail,
  setReferredBy,
  setSpendLimitCents,
} from './member-marks.ts';
export { identifySession, requireOwnAccount, requireSession } from './protect.ts';

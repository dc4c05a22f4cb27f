/** The referral service's Easter campaign (spec section 7); apart from the schemas, for screens that load no zod. */
export const EASTER_CAMPAIGN = '48_rp1';

/** The referral service's campaign and locale (spec section 7). */
export const REFERRAL_CAMPAIGN = '48_raf1';
export const REFERRAL_LOCALE = 'en';

/** The five calls of the service (paths under its own domain, spec section 7). */
export const REFERRAL_CALLS = {
  registrations: '/buyapowa/api/friends/registrations',
  track: '/buyapowa/api/referrals/track',
  signups: '/buyapowa/api/signups',
  confirmations: '/buyapowa/api/referrals/confirmations',
  forget: '/buyapowa/api/users/forget',
} as const;

/** The referral service's Easter campaign (spec section 7); apart from the schemas, for screens that load no zod. */
export const EASTER_CAMPAIGN = '48_rp1';

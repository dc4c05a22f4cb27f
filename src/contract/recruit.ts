import { MGM_DAILY_LIMIT } from './constants.ts';

// Zod-free, so that a screen reads these without loading the schemas (recruit.schema.ts).

/** The reward a recruiter's SIM gets, once per friend, when the friend's SIM is active and their first membership bought. */
export const RECRUIT_REWARD_CENTS = 1000;

/** The kick-back SIM product a recruiter sends a friend. */
export const KICKBACK_SKU = 'Kickback_Pack_N';

/** The promotions code of a free SIM sent to a friend (spec: "a fixed code"). */
export const MGM_PROMOTION = 'MGM48FRIEND';

/** Free SIMs a recruiter may send a day. */
export const SEND_FREE_SIM_DAILY_LIMIT = MGM_DAILY_LIMIT;

/**
 * Who asked for a kick-back SIM (spec section 3, the SIM's `requester`): the member themself ('1', a
 * mates-rates SIM) or a recruiter sending it to a friend ('2', send free SIM).
 */
export const KICKBACK_REQUESTER = { member: '1', recruiter: '2' } as const;
export type KickbackRequester = (typeof KICKBACK_REQUESTER)[keyof typeof KICKBACK_REQUESTER];

// Zod-free, so that a screen reads these without loading the schemas (recruit.schema.ts).
/** The reward a recruiter's SIM gets, once per friend, when the friend's SIM is active and their first membership bought. */
export const RECRUIT_REWARD_CENTS = 1000;

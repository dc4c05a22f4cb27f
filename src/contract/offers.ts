/** The offers' constants, apart from their schemas: island pages read them without loading zod. */
export const STUDENT_CODE_MINUTES = 10;
export const STUDENT_CODE_TRIES = 5;

/** The goody bags offers give (catalogue SKUs). */
export const OFFER_BAGS = { student: 'BDSTU1', freeAllowance: 'BDFREE1', feelsmug: 'BDSMUG1' } as const;

/** Two partner campaigns (spec section 7: "for two partner campaigns"); their vouchers come from the partner. */
export const PARTNER_CAMPAIGNS = {
  'screen-nights': { partner: 'Screen Nights Cinemas', reward: 'a free cinema ticket', page: '/campaign' },
  'pulse-gyms': { partner: 'Pulse Gyms', reward: 'a free week at the gym', page: '/claim-campaign-vouchers' },
} as const;
export type CampaignSlug = keyof typeof PARTNER_CAMPAIGNS;
export const CAMPAIGN_SLUGS = Object.keys(PARTNER_CAMPAIGNS) as CampaignSlug[];

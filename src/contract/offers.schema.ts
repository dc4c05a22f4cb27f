import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { messages } from './messages.ts';
import { LOCALES } from './i18n/locales.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';

/**
 * Offers and campaigns (docs/product/community-and-offers.md "Offers and campaigns"; spec sections 5, 7, 9):
 * the student offer, back to school and one month free (dates in content), partner-campaign
 * vouchers, presale codes and feelsmug coffee codes. Every claim is once-only, by unique
 * indexes in the database.
 */
export {
  STUDENT_CODE_MINUTES,
  STUDENT_CODE_TRIES,
  OFFER_BAGS,
  PARTNER_CAMPAIGNS,
  CAMPAIGN_SLUGS,
  type CampaignSlug,
} from './offers.ts';
import { STUDENT_CODE_MINUTES, STUDENT_CODE_TRIES, CAMPAIGN_SLUGS, type CampaignSlug } from './offers.ts';

const email = z
  .string({ error: 'Enter your college e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Enter your college e-mail address.' })
  .max(254, { error: 'That e-mail address is too long.' })
  .pipe(z.email({ error: "That doesn't look like an e-mail address." }));
const campaign = z.enum(CAMPAIGN_SLUGS as [CampaignSlug, ...CampaignSlug[]], {
  error: `campaign must be one of ${CAMPAIGN_SLUGS.join(', ')}`,
});
/**
 * Codes are read as people type them from a cup or a card: any case, with or without the space or
 * hyphen between the letters and the number ("smug 1001" is SMUG-1001).
 */
export const canonicalCode = (s: string) =>
  s
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/^([A-Z]+)(\d+)$/, '$1-$2');
const codeOf = (what: string) =>
  z
    .string({ error: `Enter the ${what}.` })
    .transform(canonicalCode)
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the ${what}.` })
        .max(32, { error: `That is not a ${what}.` })
        .regex(/^[A-Z0-9-]+$/, { error: `That is not a ${what}: use the letters and numbers as printed.` }),
    );

export const StudentCodeForm = z.object({ email });
export const StudentApplyForm = z.object({
  email,
  code: z
    .string({ error: 'Enter the code from the e-mail.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code is the 6 digits from the e-mail.' }),
});
export const CampaignForm = z.object({
  user_id: UserParams.shape.user_id,
  campaign: campaign.default('screen-nights'),
});
export const CampaignQuery = z.object({ token: campaign });
export const PresaleForm = z.object({ code: codeOf('presale code') });
export const FeelsmugForm = z.object({ code: codeOf('code from your cup') });

/** The language an offer's heading and body are in: the one asked for where translated, else English. */
const said = { heading: z.string(), body: z.string(), language: z.enum(LOCALES) };
/** The language to say the offers in (a page's own); else the visitor's choice (the lang cookie), else English. */
export const PromotionsQuery = z.object({
  language: z.enum(LOCALES, { error: 'language must be en, ga or pl' }).optional(),
});
const PromotionsSchema = z
  .object({
    back_to_school: z.object({ eligible: z.boolean(), ends: z.string(), ...said }),
    one_month_free: z.object({
      open: z.boolean(),
      /** Announced, not open yet: today is before its first day. */
      upcoming: z.boolean(),
      starts: z.string(),
      ends: z.string(),
      purchase_deadline: z.string().nullable(),
      ...said,
    }),
  })
  .meta({ id: 'Promotions' });
const GoodyBagSchema = z.object({
  product_sku: z.string(),
  name: z.string(),
  data_kb: z.number().int(),
  expires_at: z.string(),
});
const VoucherSchema = z.object({
  campaign,
  partner: z.string(),
  reward: z.string(),
  voucher: z.string().nullable(),
  claimed_at: z.string().nullable(),
});
const MemberOffersSchema = z.object({
  student: z.object({ applied: z.boolean(), email: z.string().nullable(), claimed_at: z.string().nullable() }),
  free_allowance: z.object({ claimed: z.boolean(), claimed_at: z.string().nullable() }),
  presale: z.object({ code: z.string().nullable() }),
  bulk_membership: z.boolean(),
});

const endpoint = endpointsOf({ tag: 'Offers', access: 'member' });

export const offersApi = {
  promotions: endpoint({
    id: 'promotions',
    method: 'get',
    path: '/panda/public/offers',
    access: 'public',
    query: PromotionsQuery,
    summary: 'Back to school and one month free: open or not today, with their dates (from content)',
    answer: payload(PromotionsSchema),
    description: 'The dated offers',
  }),
  memberOffers: endpoint({
    id: 'memberOffers',
    method: 'get',
    path: '/panda/protected/users/{user_id}/offers',
    summary: 'What the member has claimed: student offer, free allowance, presale code; bulk membership eligibility',
    answer: payload(MemberOffersSchema),
    description: "The member's offers",
  }),
  studentCode: endpoint({
    id: 'studentCode',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/offers/student/code',
    summary: `Sends a code to a college address (valid ${STUDENT_CODE_MINUTES} minutes, ${STUDENT_CODE_TRIES} tries)`,
    body: StudentCodeForm,
    answer: payload(z.object({ sent_to: z.string(), expires_in_minutes: z.number().int() })),
    description: 'Code sent',
    errors: {
      409: 'The offer is applied already, or the address serves another member',
      422: 'Not a college address on the list',
    },
  }),
  applyStudent: endpoint({
    id: 'applyStudent',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/offers/student',
    summary: 'Checks the code and applies the student offer (a goody bag), once per member and per address',
    body: StudentApplyForm,
    status: 201,
    answer: payload(z.object({ goody_bag: GoodyBagSchema })),
    description: 'Applied',
    errors: {
      409: 'Applied already, or the address serves another member',
      422: 'Wrong or expired code, or no active SIM',
      429: 'Too many wrong codes: ask for a new one',
    },
  }),
  applyFreeAllowance: endpoint({
    id: 'applyFreeAllowance',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/packs/applyfreeallowance',
    summary: 'Applies the one-month-free allowance: once, inside the promo window',
    status: 201,
    answer: payload(z.object({ goody_bag: GoodyBagSchema })),
    description: 'Applied',
    errors: { 409: 'Claimed already', 422: 'Outside the promo window, or no active SIM' },
  }),
  joinCampaign: endpoint({
    id: 'joinCampaign',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/campaign',
    summary: "Joins a partner campaign: the member's voucher (the same one on every call)",
    body: CampaignForm,
    answer: payload(VoucherSchema),
    description: 'The voucher',
    errors: { 403: 'user_id is not the signed-in member', 409: 'No vouchers left' },
  }),
  campaignDetails: endpoint({
    id: 'campaignDetails',
    method: 'get',
    path: '/panda/protected/users/{user_id}/campaign-details',
    summary: "A partner campaign and the member's voucher, if claimed",
    query: CampaignQuery,
    answer: payload(VoucherSchema),
    description: 'The campaign',
  }),
  presaleAssociated: endpoint({
    id: 'presaleAssociated',
    method: 'get',
    path: '/panda/protected/users/{user_id}/longitudePresaleIsUserIdAssosiated',
    summary: 'Whether the member has a presale code',
    answer: payload(z.object({ associated: z.boolean() })),
    description: 'Associated or not',
  }),
  presaleCode: endpoint({
    id: 'presaleCode',
    method: 'get',
    path: '/panda/protected/users/{user_id}/longitudePresaleUserIdAssosiatedCode',
    summary: "The member's presale code",
    answer: payload(z.object({ code: z.string() })),
    description: 'The code',
    errors: { 404: 'No presale code yet' },
  }),
  setPresaleCode: endpoint({
    id: 'setPresaleCode',
    moves: 'once',
    method: 'put',
    path: '/panda/protected/users/{user_id}/longitudePresaleCode',
    summary: 'Associates a presale code with the member: one code per member, each code once',
    body: PresaleForm,
    answer: payload(z.object({ code: z.string() })),
    description: 'Associated',
    errors: { 404: 'Not a presale code', 409: 'The member has a code, or the code is taken' },
  }),
  feelsmug: endpoint({
    id: 'feelsmug',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/offers/feelsmug',
    summary: 'Redeems a feelsmug coffee code for a goody bag (each code once)',
    body: FeelsmugForm,
    status: 201,
    answer: payload(z.object({ goody_bag: GoodyBagSchema })),
    description: 'Redeemed',
    errors: { 404: 'Not a feelsmug code', 409: 'The code was used', 422: 'No active SIM' },
  }),
};

export const offersFailures = failures('offers', {
  notStudentDomain: {
    status: 422,
    message: "That isn't a college address we know. Use your e-mail address from a college on the list.",
  },
  studentApplied: { status: 409, message: 'Your student offer is applied already: it is one per member.' },
  addressTaken: { status: 409, message: 'This college address has been used for the student offer by another member.' },
  wrongCode: { status: 422, message: "That code isn't right. Check the e-mail and try again." },
  codeExpired: { status: 422, message: 'That code has expired or was used. Ask for a new one.' },
  tooManyTries: { status: 429, message: 'Too many wrong codes. Ask for a new one.' },
  noActiveSim: { status: 422, message: messages.noActiveSim },
  outsideWindow: { status: 422, message: 'The one-month-free offer is not open today.' },
  allowanceClaimed: { status: 409, message: 'You have claimed your free month already.' },
  notYou: { status: 403, message: messages.forbiddenMember },
  noVouchers: { status: 409, message: 'Sorry, all the vouchers for this campaign have been claimed.' },
  noPresaleCode: { status: 404, message: "You don't have a presale code yet." },
  unknownPresaleCode: { status: 404, message: "That isn't a presale code. Check it and try again." },
  presaleTaken: { status: 409, message: 'That presale code has been used already.' },
  hasPresaleCode: { status: 409, message: 'You have a presale code already: it is one per member.' },
  unknownSmugCode: { status: 404, message: "That isn't a feelsmug code. Check the code on your cup and try again." },
  smugUsed: { status: 409, message: 'That code has been used already: each cup gives one goody bag.' },
});
export type OffersFailure = keyof typeof offersFailures;

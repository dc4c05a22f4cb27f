import { z } from './zod.ts';
import type { NoticeValue } from './i18n/notice.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload, SimParams, UserParams } from './shared.schema.ts';
import { CREDIT_BACK_METHODS, CREDIT_BACK_MONTHS, CREDIT_BACK_STATES } from './port-out-credit.ts';

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"; the
 * spec's "port-out credit status"): under the European Electronic Communications Code a prepaid
 * member who switches gets the credit left back on request, here within 12 months, to the card last
 * used to pay or by a SEPA bank transfer. No fee.
 */

const CreditBackSchema = z
  .object({
    msisdn: z.string().meta({ description: 'The number that left' }),
    left_at: z.string(),
    offer_until: z.string().meta({ description: 'The last moment to ask' }),
    state: z.enum(CREDIT_BACK_STATES),
    amount_cents: z
      .number()
      .int()
      .meta({ description: 'The credit to give back now (offered), or what was asked for (requested, paid, refused)' }),
    card_cents: z.number().int().meta({
      description:
        'What of the amount goes back to the cards that paid for it (the last 180 days, newest first); the rest is paid by bank transfer',
    }),
    owed_cents: z
      .number()
      .int()
      .meta({ description: 'What a top-up advance still owes, repaid from the credit before it is given back' }),
    method: z
      .enum(CREDIT_BACK_METHODS)
      .nullable()
      .meta({ description: 'bank when a transfer is part of it, card when the cards take it all' }),
    card: z
      .object({ last4: z.string() })
      .nullable()
      .meta({ description: 'The card the credit goes back to (the newest payment that takes part of it)' }),
    account: z
      .object({
        iban: z.string().meta({ description: 'Masked: the country, check digits and last four' }),
        name: z.string(),
      })
      .nullable(),
    requested_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    refused_at: z.string().nullable(),
    refused_reason: z.string().nullable(),
    can_ask: z
      .boolean()
      .meta({ description: 'There is credit to give back, the offer stands and nothing is asked yet' }),
    message: z.string().meta({ description: 'What my48 says of it, in words' }),
  })
  .meta({ id: 'CreditBack' });
export type CreditBack = z.infer<typeof CreditBackSchema>;

/** SEPA's Max70Text for a name: letters (accents are written plainly in the bank's file), digits and the rulebook's marks. */
const accountName = z
  .string({ error: 'Enter the name on the bank account.' })
  .trim()
  .min(2, { error: 'Enter the name on the bank account.' })
  .max(70, { error: 'The name on the account is at most 70 characters.' })
  .regex(/^[\p{L}0-9/\-?:().,'’+ ]+$/u, {
    error: 'Write the name on the account in letters, as your bank has it.',
  });

export const CreditBackRequest = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('card') }),
    z.object({
      method: z.literal('bank'),
      iban: z
        .string({ error: 'Enter the IBAN of your bank account.' })
        .trim()
        .min(1, { error: 'Enter the IBAN of your bank account.' })
        .max(42, { error: 'That IBAN is too long.' }),
      account_name: accountName,
      bic: z
        .string()
        .trim()
        .transform((v) => v.replace(/\s+/g, '').toUpperCase())
        .pipe(
          z.union([
            z.literal(''),
            z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, {
              error: 'A BIC is 8 or 11 letters and digits, like BARCGB22.',
            }),
          ]),
        )
        .optional()
        .meta({ description: 'The bank’s BIC: asked only for an IBAN of a SEPA country outside the EEA' }),
    }),
  ],
  { error: `method must be one of ${CREDIT_BACK_METHODS.join(', ')}` },
);

const endpoint = endpointsOf({ tag: 'Credit back', access: 'member' });
const path = '/panda/protected/users/{user_id}/sims/{ssn}/port-out/credit';

export const creditBackApi = {
  list: endpoint({
    id: 'portOutCredits',
    method: 'get',
    path: '/panda/protected/users/{user_id}/port-out/credits',
    summary: "The member's numbers that moved to another network, each with its port-out credit status (newest first)",
    params: UserParams,
    answer: payload(z.object({ values: z.array(CreditBackSchema.extend({ ssn: z.string() })) })),
    description: 'The credit backs (none: no number of theirs left)',
  }),
  status: endpoint({
    id: 'portOutCreditStatus',
    method: 'get',
    path,
    summary:
      "The port-out credit status of a SIM whose number moved to another network: the credit to give back and the request's state (requested, paid with the date, refused with why)",
    params: SimParams,
    answer: payload(CreditBackSchema),
    description: 'The status',
    errors: { 404: 'Not a SIM of yours whose number moved to another network' },
  }),
  request: endpoint({
    id: 'requestPortOutCredit',
    moves: 'money',
    method: 'post',
    path,
    summary: `Asks for the credit back (within ${CREDIT_BACK_MONTHS} months of the number leaving): to the card last used to pay, or by SEPA transfer to an IBAN in the name given. The credit leaves in the request's transaction; once however often it is pressed. Idempotency-Key`,
    params: SimParams,
    body: CreditBackRequest,
    status: 201,
    answer: payload(CreditBackSchema),
    description: 'Requested',
    errors: {
      404: 'Not a SIM of yours whose number moved to another network',
      409: 'Asked already, nothing to give back, or the offer has ended',
      422: 'The IBAN or the card cannot take it (the reason said)',
    },
  }),
};

export const creditBackFailures = failures('creditBack', {
  notYours: { status: 404, message: 'That SIM of yours has no number that moved to another network.' },
  asked: { status: 409, message: 'You have asked for this credit back already.' },
  nothing: { status: 409, message: 'There is no credit left to give back.' },
  ended: {
    status: 409,
    message: `The ${CREDIT_BACK_MONTHS} months to ask for this credit back have passed. Contact us through my48 → Support.`,
  },
  ibanWrong: { status: 422, message: "That IBAN isn't right. Check it on a statement or in your banking app." },
  ibanNotSepa: {
    status: 422,
    message:
      'We can only pay to a bank account in the SEPA area (the EU, the EEA, the UK, Switzerland and a few more).',
  },
  noCard: {
    status: 422,
    message: 'Your card can no longer take a refund of this credit. Choose a bank transfer instead.',
  },
  bicNeeded: {
    status: 422,
    message:
      'A transfer to a bank outside the EEA (the UK, Switzerland and a few more) needs the bank’s BIC: add it, as your bank gives it.',
  },
  nameUnreadable: {
    status: 422,
    message:
      'We cannot write that name in the letters a bank transfer carries. Write the name on the account in Latin letters, as your bank has it.',
  },
  bankForTheRest: {
    status: 422,
    message:
      'Part of this credit goes back to the card that paid for it; give a bank account for the rest (the amounts are shown above).',
  },
});
export type CreditBackRefusal = keyof typeof creditBackFailures;

/** A day as a notice writes it: 7 December 2026. */
const day = (iso: string): NoticeValue => ({ date: new Date(iso) });

/** How it is paid, in words: to the card, by transfer, or both. */
const how = (b: Pick<CreditBack, 'amount_cents' | 'card_cents' | 'card' | 'account'>): NoticeValue => {
  const bank = b.amount_cents - b.card_cents;
  const last4 = b.card?.last4 ?? '';
  const iban: NoticeValue = b.account?.iban ?? { say: 'notice.cb.yourAccount' };
  if (b.card_cents > 0 && bank > 0)
    return { say: 'notice.cb.how.both', values: { card: { euro: b.card_cents }, last4, bank: { euro: bank }, iban } };
  return b.card_cents > 0
    ? { say: 'notice.cb.how.card', values: { last4 } }
    : { say: 'notice.cb.how.transfer', values: { iban } };
};

/** What a top-up advance still owes, said where it is taken from the credit. */
const lessOwed = (b: Pick<CreditBack, 'owed_cents'>): NoticeValue =>
  b.owed_cents > 0 ? { say: 'notice.cb.lessOwed', values: { owed: { euro: b.owed_cents } } } : '';

/** Where an offer goes back: the card that paid, and what only a bank transfer can take. */
const goesBack = (b: Pick<CreditBack, 'amount_cents' | 'card_cents' | 'card'>): NoticeValue => {
  const bank = b.amount_cents - b.card_cents;
  if (b.card_cents <= 0) return '';
  const last4 = b.card?.last4 ?? '';
  return bank > 0
    ? { say: 'notice.cb.goesBack.both', values: { card: { euro: b.card_cents }, last4, bank: { euro: bank } } }
    : { say: 'notice.cb.goesBack.card', values: { last4 } };
};

/**
 * What my48 and the mails say of a credit back, in each state: words of the catalogue
 * (`notice.cb.*`), written in the member's language by the server (docs/product/languages.md).
 */
export function creditBackSaid(b: Omit<CreditBack, 'message' | 'can_ask'>): NoticeValue {
  const left: NoticeValue = { say: 'notice.cb.left', values: { day: day(b.left_at) } };
  const amount = { euro: b.amount_cents };
  switch (b.state) {
    case 'offered':
      return b.amount_cents > 0
        ? { say: 'notice.cb.offered', values: { left, amount, lessOwed: lessOwed(b), goesBack: goesBack(b) } }
        : b.owed_cents > 0
          ? { say: 'notice.cb.offeredOwed', values: { left, owed: { euro: b.owed_cents } } }
          : { say: 'notice.cb.offeredNone', values: { left } };
    case 'requested':
      return { say: 'notice.cb.requested', values: { left, amount, how: how(b), day: day(b.requested_at!) } };
    case 'paid':
      return { say: 'notice.cb.paid', values: { left, amount, how: how(b), day: day(b.paid_at!) } };
    case 'refused':
      return {
        say: 'notice.cb.refused',
        values: {
          left,
          amount,
          reason: b.refused_reason ?? { say: 'notice.cb.refusedNoReason' },
          goesBack: goesBack(b),
        },
      };
  }
}

import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { euro } from './format.ts';
import { irishFormat } from './irish-time.ts';
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

const longDay = irishFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const day = (iso: string) => longDay.format(new Date(iso));

/** How it is paid, in words: to the card, by transfer, or both. */
const how = (b: Pick<CreditBack, 'amount_cents' | 'card_cents' | 'card' | 'account'>) => {
  const bank = b.amount_cents - b.card_cents;
  const card = `to your card ending ${b.card?.last4 ?? ''}`;
  const transfer = `by bank transfer to ${b.account?.iban ?? 'your account'}`;
  if (b.card_cents > 0 && bank > 0) return `(${euro(b.card_cents)} ${card} and ${euro(bank)} ${transfer})`;
  return b.card_cents > 0 ? card : transfer;
};

/** What a top-up advance still owes, said where it is taken from the credit. */
const lessOwed = (b: Pick<CreditBack, 'owed_cents'>) =>
  b.owed_cents > 0 ? ` (after ${euro(b.owed_cents)} your top-up advance still owed)` : '';

/** Where an offer goes back: the card that paid, and what only a bank transfer can take. */
const goesBack = (b: Pick<CreditBack, 'amount_cents' | 'card_cents' | 'card'>) => {
  const bank = b.amount_cents - b.card_cents;
  if (b.card_cents <= 0) return '';
  const card = `your card ending ${b.card?.last4 ?? ''}, which paid for it`;
  return bank > 0
    ? ` ${euro(b.card_cents)} goes back to ${card}, and ${euro(bank)} by bank transfer.`
    : ` It goes back to ${card}.`;
};

/** What my48 and the mails say of a credit back, in each state. */
export function creditBackMessage(b: Omit<CreditBack, 'message' | 'can_ask'>): string {
  const left = `Your number moved to another network on ${day(b.left_at)}.`;
  switch (b.state) {
    case 'offered':
      return b.amount_cents > 0
        ? `${left} You have ${euro(b.amount_cents)} of credit${lessOwed(b)}: ask for it back.${goesBack(b)}`
        : b.owed_cents > 0
          ? `${left} Your credit goes to the ${euro(b.owed_cents)} your top-up advance owed, so there is none left to give back.`
          : `${left} You have no credit left to give back.`;
    case 'requested':
      return `${left} You asked for ${euro(b.amount_cents)} back ${how(b)} on ${day(b.requested_at!)}. We'll tell you when it is paid.`;
    case 'paid':
      return `${left} ${euro(b.amount_cents)} was paid back ${how(b)} on ${day(b.paid_at!)}.`;
    case 'refused':
      return `${left} Your credit back was refused: ${b.refused_reason ?? 'it was refused'}. ${euro(b.amount_cents)} is your credit again: ask for it another way.${goesBack(b)}`;
  }
}

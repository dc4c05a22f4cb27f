import type { Notice, NoticeValue } from './i18n/notice.ts';
import { z } from './zod.ts';
import { CREDIT_AMOUNTS_CENTS, PAYMENT_TYPES } from './constants.ts';
import { failures } from './endpoint.ts';
import { householdFailures, RequestSchema, type HouseholdRequest } from './household.schema.ts';
import { endpointsOf, payload, SimParams, UserParams } from './shared.schema.ts';
import {
  REQUEST_HOURS,
  REQUEST_KINDS,
  REQUEST_NOTE_MAX,
  REQUESTS_OPEN_PER_LINE,
  REQUESTS_PER_DAY,
  type RequestKind,
} from './household.ts';

/**
 * Requests a line makes of its household (docs/product/lifelines.md "Requests"): an add-on, a
 * membership, credit, roaming data past the cap, a higher data cap. The owner and managers are told
 * at once; one of them approves (paying with their own credit or card, once however often it is
 * pressed) or declines with a short note; a request left 24 hours expires.
 */

export type { HouseholdRequest };

const base = '/panda/protected/users/{user_id}/household';
const RequestParams = UserParams.extend({ id: z.string().regex(/^[0-9]{1,10}$/, { error: 'must be a number' }) });
const sku = z.string({ error: 'sku is required' }).regex(/^[A-Za-z0-9_]{2,20}$/, { error: 'sku is not a product' });
const One = payload(RequestSchema.extend({ message: z.string() }));

/** What a line may ask for: each kind with what it needs. */
export const AskBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('addon'), sku }),
    z.object({ kind: z.literal('membership'), sku }),
    z.object({
      kind: z.literal('credit'),
      amount_cents: z.union(
        CREDIT_AMOUNTS_CENTS.map((a) => z.literal(a)),
        { error: `amount_cents must be one of ${CREDIT_AMOUNTS_CENTS.join(', ')}` },
      ),
    }),
    z.object({ kind: z.literal('roaming') }),
    z.object({ kind: z.literal('leave') }),
    z.object({
      kind: z.literal('dataCap'),
      gb: z
        .number({ error: 'gb must be a whole number of GB from 2 to 100' })
        .int({ error: 'gb must be a whole number of GB from 2 to 100' })
        .min(2, { error: 'A higher cap is at least 2 GB.' })
        .max(100, { error: 'A cap is at most 100 GB.' }),
    }),
  ],
  { error: `kind must be one of ${REQUEST_KINDS.join(', ')}` },
);

const endpoint = endpointsOf({ tag: 'Household', access: 'member' });

export const householdRequestsApi = {
  ask: endpoint({
    id: 'askHousehold',
    moves: 'none',
    method: 'post',
    path: `${base}/lines/{ssn}/requests`,
    summary: `A line asks its household for an add-on, a membership, credit (€5–€50), roaming data past its cap this month, a higher data cap, or (a line marked under 18) to leave; the owner and managers are told at once, once an hour however often it asks; open ${REQUEST_HOURS} hours, at most ${REQUESTS_OPEN_PER_LINE} open and ${REQUESTS_PER_DAY} a day a line`,
    params: SimParams,
    body: AskBody,
    status: 201,
    answer: One,
    description: 'Asked',
    errors: {
      404: 'That SIM of yours is not a line of a household',
      409: 'Refused (the reason said)',
      429: 'Asked too often in the last day',
    },
  }),
  approve: endpoint({
    id: 'approveHouseholdRequest',
    moves: 'money',
    method: 'post',
    path: `${base}/requests/{id}/approve`,
    summary:
      "The owner or a manager approves: what was asked is bought for the line with the approver's credit first (BALANCE_BEFORE_SC) or stored card, their spend limit applying, in the purchase's transaction, once however often it is pressed; roaming and a higher cap are set. Idempotency-Key",
    params: RequestParams,
    body: z.object({
      from_ssn: z
        .string({ error: 'from_ssn is required: the SIM of yours that pays' })
        .regex(/^[0-9]{10,22}$/, { error: 'from_ssn must be 10 to 22 digits' }),
      payment_type: z
        .enum(PAYMENT_TYPES, { error: 'payment_type must be BALANCE_BEFORE_SC or STORED_CARD' })
        .default('BALANCE_BEFORE_SC'),
    }),
    answer: One,
    description: 'Approved',
    errors: {
      402: 'Card declined, or no stored card for the card part',
      404: 'No such request of a line you run',
      409: 'Answered already, expired, or refused (the reason said)',
      423: 'The line, or the SIM paying, is blocked (reported lost or stolen)',
    },
  }),
  decline: endpoint({
    id: 'declineHouseholdRequest',
    moves: 'once',
    method: 'post',
    path: `${base}/requests/{id}/decline`,
    summary: 'The owner or a manager declines, with a short note if they like; the line is told',
    params: RequestParams,
    body: z.object({
      note: z
        .string()
        .trim()
        .max(REQUEST_NOTE_MAX, { error: `A note is at most ${REQUEST_NOTE_MAX} characters.` })
        .optional(),
    }),
    answer: One,
    description: 'Declined',
    errors: { 404: 'No such request of a line you run', 409: 'Answered already or expired' },
  }),
  withdraw: endpoint({
    id: 'withdrawHouseholdRequest',
    moves: 'once',
    method: 'delete',
    path: `${base}/requests/{id}`,
    summary: 'The line withdraws an open request',
    params: RequestParams,
    answer: One,
    description: 'Withdrawn',
    errors: { 404: 'No such request of yours', 409: 'Answered already or expired' },
  }),
};

export const householdRequestFailures = failures('householdRequest', {
  notALine: { status: 404, message: 'That SIM of yours is not a line of a household.' },
  noSuchRequest: { status: 404, message: 'There is no such request.' },
  tooManyOpen: {
    status: 409,
    message: `Your line has ${REQUESTS_OPEN_PER_LINE} requests waiting already. Wait for an answer, or withdraw one.`,
  },
  tooManyAsks: {
    status: 429,
    message: `Your line has asked ${REQUESTS_PER_DAY} times in the last day. Wait for an answer, or ask again tomorrow.`,
  },
  leaveFree: { status: 409, message: 'Your line can leave the household itself: no need to ask.' },
  notOnSale: { status: 409, message: 'That cannot be bought for your line now.' },
  needsMembership: householdFailures.needsMembership,
  noCap: { status: 409, message: "Your line has no household cap on data: there's nothing to raise." },
  capNotHigher: { status: 409, message: 'Ask for a cap higher than the one your line has.' },
  answered: { status: 409, message: 'That request was answered already.' },
  expired: { status: 409, message: 'That request has expired. The line can ask again.' },
  approving: { status: 409, message: 'That request is being approved already. Wait a moment.' },
  // What refuses the payment of an approval is what refuses an owner's purchase for a line: the same answers.
  overSpendLimit: householdFailures.overSpendLimit,
  simBlocked: householdFailures.simBlocked,
  payerBlocked: householdFailures.payerBlocked,
  alreadyQueued: householdFailures.alreadyQueued,
  cardDeclined: householdFailures.cardDeclined,
  checkoutRequired: householdFailures.checkoutRequired,
  creditChanged: householdFailures.creditChanged,
  noBalance: householdFailures.noBalance,
  notYourSim: householdFailures.notYourSim,
});
export type HouseholdRequestRefusal = keyof typeof householdRequestFailures;

/** What was asked, as a notice or an answer says it in the member's language (names as they are). */
export const requestWhatSaid = (
  r: { kind: RequestKind; amount_cents?: number | null; gb?: number | null },
  productName?: string,
): NoticeValue =>
  ({
    addon: () => productName ?? { say: 'notice.request.addon' as const },
    membership: () => productName ?? { say: 'notice.request.membership' as const },
    credit: () => ({ say: 'notice.request.credit' as const, values: { amount: { euro: r.amount_cents ?? 0 } } }),
    roaming: () => ({ say: 'notice.request.roaming' as const }),
    dataCap: () => ({ say: 'notice.request.dataCap' as const, values: { gb: r.gb ?? 0 } }),
    leave: () => ({ say: 'notice.request.leave' as const }),
  })[r.kind]();

/**
 * What the line and those who run it are told (alerts: in the app, by e-mail and push as each
 * member chose), in each one's language.
 */
export const requestNotices = {
  asked: (name: string, what: NoticeValue): Notice => ({
    notice: 'requestAsked',
    values: { name, what, hours: REQUEST_HOURS },
  }),
  approved: (by: string, what: NoticeValue): Notice => ({ notice: 'requestApproved', values: { by, what } }),
  declined: (by: string, what: NoticeValue, note: string | null): Notice => ({
    notice: 'requestDeclined',
    values: { by, what, note: note ? { say: 'notice.request.note', values: { note } } : '' },
  }),
  expired: (what: NoticeValue): Notice => ({ notice: 'requestExpired', values: { what, hours: REQUEST_HOURS } }),
};

/** What a request's answers say (`message`), as words of the catalogue, said in the member's language by the handlers. */
export const requestMessages = {
  asked: { say: 'household.request.asked' },
  approved: (what: NoticeValue, name: string): NoticeValue => ({
    say: 'household.request.approved',
    values: { what, name },
  }),
  declined: { say: 'household.request.declined' },
  withdrawn: { say: 'household.request.withdrawn' },
} as const satisfies Record<string, NoticeValue | ((...args: never[]) => NoticeValue)>;

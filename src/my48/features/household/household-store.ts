import { atom } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import { CREDIT_AMOUNTS_CENTS } from '../../../contract/constants.ts';
import { householdApi, type Household, type HouseholdLine } from '../../../contract/household.schema.ts';
import { membershipsApi, type Offer } from '../../../contract/memberships.schema.ts';
import { paymentsApi, type StoredCard } from '../../../contract/payments.schema.ts';
import { euro } from '../../../lib/format.ts';
import { call, newIdempotencyKey } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { formSpeech, say, type My48Key } from '../../speech.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { showRequests } from './requests-store.ts';

/**
 * The owner's household screen (docs/product/lifelines.md): the lines with their figures, the invitations sent,
 * and what the owner does for a line (a membership, credit, its spend limit, removing it). The
 * owner pays from the SIM shown on the dashboard (its credit first, or the stored card).
 */
export interface HouseholdView {
  household: Household;
  lines: HouseholdLine[];
  offers: Offer[];
  credit: number;
  card: StoredCard | null;
}

/**
 * Read for the owner's SIM (the one on the dashboard: its offers and credit pay for a line), so the
 * screen asks once the account has said which SIM that is; '' for a member without one.
 */
export const household = loader<HouseholdView, string>(
  async (ssn) => {
    const params = memberParams();
    const [view, lines, allowed, card] = await Promise.all([
      call(householdApi.household, { params }),
      call(householdApi.lines, { params }),
      ssn ? call(membershipsApi.allowed, { params: { ...params, ssn } }) : undefined,
      call(paymentsApi.storedCard, { params }),
    ]);
    return {
      household: view._payload,
      lines: lines._payload.values,
      offers: allowed?._payload.values ?? [],
      credit: allowed?._payload.credit_cents ?? 0,
      card: card._payload.card,
    };
  },
  () => say('my48.hh.loadFailed'),
);

/** The SIM that pays: the one the household was read for. */
const ownSsn = () => household.$state.get().key ?? $account.get().sim?.ssn ?? '';

const refresh = () => {
  void household.load(ownSsn());
  const userId = memberParams().user_id;
  if (userId) void loadAccount(String(userId), { force: true, quiet: true });
};
/** The household screen's requests: an approval pays from the SIM the owner's purchases pay from, and the figures change with it. */
export const showHouseholdRequests = () => showRequests({ payer: ownSsn, reread: refresh });

/** The line whose dialog is open, and which one. */
export type LineAction = 'membership' | 'credit' | 'limit' | 'controls' | 'remove';
export const $open = atom<{ line: HouseholdLine; action: LineAction } | undefined>(undefined);
/** What the last action said (shown above the lines once its dialog closed). */
export const $notice = atom<string | undefined>(undefined);

const done = (message: string) => {
  $open.set(undefined);
  $notice.set(message);
  refresh();
  return message;
};
const lineParams = () => ({ ...memberParams(), ssn: $open.get()?.line.ssn ?? '' });
const payment = z.enum(['BALANCE_BEFORE_SC', 'STORED_CARD'], { error: 'Choose how to pay.' });

export const inviteForm = formStore({
  schema: householdApi.invite.body,
  labels: { msisdn: 'Mobile number of the line' },
  busyLabel: 'Sending the invitation…',
  send: async (body) => {
    // One message at a time: the last line action's is replaced by the invitation's own.
    $notice.set(undefined);
    const { _payload } = await call(householdApi.invite, { params: memberParams(), body });
    refresh();
    return _payload.message;
  },
});

export const buyForm = formStore({
  schema: z.object({
    sku: z.string({ error: 'Choose a membership.' }).min(1, { error: 'Choose a membership.' }),
    payment_type: payment,
  }),
  labels: { sku: 'Membership', payment_type: 'Pay with' },
  busyLabel: 'Paying…',
  send: async ({ sku, payment_type }) => {
    const { _payload } = await call(householdApi.buyMembership, {
      params: lineParams(),
      body: { sku, payment_type, from_ssn: ownSsn() },
      idempotencyKey: newIdempotencyKey(),
    });
    return done(_payload.message);
  },
});

const amounts = CREDIT_AMOUNTS_CENTS.map((a) => euro(a));
export const CREDIT_CHOICES = amounts;
export const creditForm = formStore({
  schema: z.object({
    amount: z.enum(amounts as [string, ...string[]], { error: 'Choose an amount.' }),
    payment_type: payment,
  }),
  labels: { amount: 'Amount', payment_type: 'Pay with' },
  busyLabel: 'Paying…',
  send: async ({ amount, payment_type }) => {
    const amount_cents = CREDIT_AMOUNTS_CENTS[amounts.indexOf(amount)]!;
    const { _payload } = await call(householdApi.addCredit, {
      params: lineParams(),
      body: { amount_cents, payment_type, from_ssn: ownSsn() },
      idempotencyKey: newIdempotencyKey(),
    });
    return done(_payload.message);
  },
});

/** Euro as a person types it ("20", "20.50", "€20"); empty: no limit. */
export const limitForm = formStore({
  schema: z.object({
    limit: z
      .string()
      .trim()
      .transform((v) => v.replace(/^€/, ''))
      .refine((v) => v === '' || /^\d{1,4}(\.\d{1,2})?$/.test(v), {
        error: 'Enter an amount in euro, like 20 or 20.50, or leave it empty for no limit.',
      }),
  }),
  labels: { limit: 'Monthly limit in euro' },
  busyLabel: 'Saving…',
  send: async ({ limit }) => {
    const { _payload } = await call(householdApi.setSpendLimit, {
      params: lineParams(),
      body: { limit_cents: limit === '' ? null : Math.round(Number(limit) * 100) },
    });
    return done(_payload.message);
  },
});

export const removeForm = formStore({
  schema: z.object({}),
  busyLabel: 'Removing…',
  send: async () => {
    const { _payload } = await call(householdApi.remove, { params: lineParams() });
    return done(_payload.message);
  },
});

export const withdrawForm = formStore({
  schema: z.object({ id: z.string() }),
  busyLabel: 'Withdrawing…',
  send: async ({ id }) => {
    const { _payload } = await call(householdApi.cancel, { params: { ...memberParams(), id } });
    refresh();
    return _payload.message;
  },
});

/** Opens a line's dialog with its form fresh. */
export function openAction(line: HouseholdLine, action: LineAction) {
  for (const f of [buyForm, creditForm, limitForm, removeForm, inviteForm]) f.reset();
  $notice.set(undefined);
  $open.set({ line, action });
}

/** The rules the household's forms say whole, by their English. */
const HOUSEHOLD_RULES = {
  'Choose how to pay.': 'my48.hh.rule.pay',
  'Choose a membership.': 'my48.hh.rule.membership',
  'Choose an amount.': 'my48.hh.rule.amount',
  'Enter an amount in euro, like 20 or 20.50, or leave it empty for no limit.': 'my48.hh.rule.limit',
  'Enter an Irish mobile number like 087 123 4567.': 'my48.hh.rule.msisdn',
} as const satisfies Record<string, My48Key>;

/** The household screen's forms in the page's language: their fields, their rules, their busy lines. */
export function speakHouseholdForms(): void {
  const pay = { payment_type: 'my48.hh.payWith' } as const;
  inviteForm.speak(formSpeech({ msisdn: 'my48.hh.invite.number' }, HOUSEHOLD_RULES, 'my48.hh.invite.sending'));
  buyForm.speak(formSpeech({ sku: 'my48.hh.fig.membership', ...pay }, HOUSEHOLD_RULES, 'my48.hh.paying'));
  creditForm.speak(formSpeech({ amount: 'my48.hh.credit.amount', ...pay }, HOUSEHOLD_RULES, 'my48.hh.paying'));
  limitForm.speak(formSpeech({ limit: 'my48.hh.limit.field' }, HOUSEHOLD_RULES, 'my48.hh.saving'));
  removeForm.speak(formSpeech({}, {}, 'my48.hh.removing'));
  withdrawForm.speak(formSpeech({}, {}, 'my48.hh.withdrawing'));
}

import { atom, map } from 'nanostores';
import type { Answer } from '../../../contract/endpoint.ts';
import { z } from '../../../contract/zod.ts';
import {
  flexiDataApi,
  ShareForm,
  SPOT_ME_MAX_DAYS,
  SPOT_ME_MIN_DAYS,
  SpotMeForm,
  type FlexiAction,
} from '../../../contract/flexi-data.schema.ts';
import { KB_PER_GB, MINUTES_PER_GB } from '../../../contract/constants.ts';
import { formatMsisdn, shortDate } from '../../../lib/format.ts';
import { formSpeech, say, sayCount } from '../../speech.ts';
import { gbOf, refusalText } from './flexi-data-rules.ts';
import { call, errorMessage, newIdempotencyKey } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';

export type Donation = Answer<typeof flexiDataApi.donations>['_payload']['values'][number];

/** What the flexi-data screen shows, for the member's SIM: the overview and the donation history. */
export const flexi = loader(
  async (ssn: string) => {
    const p = { user_id: currentUserId() ?? '', ssn };
    const [overview, donations] = await Promise.all([
      call(flexiDataApi.overview, { params: p }),
      call(flexiDataApi.donations, { params: p }),
    ]);
    return { overview: overview._payload, donations: donations._payload.values };
  },
  () => say('my48.fx.loadFailed'),
);

/** An action the member asked for, waiting for their confirmation (nothing here can be undone). */
export interface Pending {
  action: FlexiAction;
  amountGb: number;
  msisdn?: string;
  days?: number;
}
export const $pending = atom<Pending | undefined>(undefined);

/** The action in progress, and the outcome of the last one (a failure shows in its section). */
export const $flexiAction = map<{
  busy?: FlexiAction | undefined;
  failed?: { action: FlexiAction; message: string } | undefined;
  done?: { action: FlexiAction; message: string; needsMembershipBy?: string | null | undefined } | undefined;
}>({});

const params = () => ({ user_id: currentUserId() ?? '', ssn: $account.get().sim?.ssn ?? '' });

export const ask = (pending: Pending) => {
  $flexiAction.setKey('failed', undefined);
  $pending.set(pending);
};
export const cancel = () => $pending.set(undefined);

/**
 * Spot me and Share: the friend's number, the amount and (Spot me) the days, checked by the
 * contract's own rule (the one the server applies) in the one form cycle of my48 (stores/form.ts);
 * a valid form asks the member to confirm, and only the confirmation moves data.
 */
const friendForm = (action: 'spotme' | 'share') =>
  formStore({
    schema: z
      .object({ msisdn: z.string(), amount_gb: z.coerce.number(), days: z.coerce.number().optional() })
      .pipe(action === 'spotme' ? SpotMeForm : ShareForm.extend({ days: z.undefined().optional() })),
    send: async ({ msisdn, amount_gb, days }) =>
      ask({ action, amountGb: amount_gb, msisdn, ...(days === undefined ? {} : { days }) }),
  });
export const friendForms = { spotme: friendForm('spotme'), share: friendForm('share') };

/** The friends' forms' words in the page's language: their fields, and the rules they check said whole. */
export function speakFriendForms(): void {
  const speech = formSpeech(
    { msisdn: 'my48.fx.friendNumber', amount_gb: 'my48.fx.amount', days: 'my48.fx.days' },
    { 'Enter an Irish mobile number like 087 123 4567.': 'my48.fx.rule.msisdn' },
  );
  const days = {
    [`Spot me lends for at least ${SPOT_ME_MIN_DAYS} day.`]: sayCount('my48.fx.rule.daysMin', SPOT_ME_MIN_DAYS),
    [`Spot me lends for at most ${SPOT_ME_MAX_DAYS} days.`]: sayCount('my48.fx.rule.daysMax', SPOT_ME_MAX_DAYS),
  };
  for (const form of Object.values(friendForms)) form.speak({ ...speech, rules: { ...speech.rules, ...days } });
}
export const closeDone = () => $flexiAction.setKey('done', undefined);

/** What the member is asked to confirm, in the page's language. */
export function confirmText(p: Pending): { title: string; body: string; yes: string } {
  const values = { gb: String(p.amountGb), number: formatMsisdn(p.msisdn ?? ''), once: say('my48.fx.once') };
  const ask = (title: string, body: string) => ({ title, body, yes: say(`my48.fx.ask.${p.action}.yes`) });
  switch (p.action) {
    case 'carryover':
      return ask(
        say('my48.fx.ask.carryover.title', { gb: gbOf(p.amountGb * KB_PER_GB) }),
        say('my48.fx.ask.carryover.body', values),
      );
    case 'swap':
      return ask(sayCount('my48.fx.ask.swap.title', p.amountGb * MINUTES_PER_GB, values), say('my48.fx.ask.swap.body'));
    case 'spotme':
      return ask(say('my48.fx.ask.spotme.title', values), sayCount('my48.fx.ask.spotme.body', p.days ?? 1));
    default:
      return ask(say(`my48.fx.ask.${p.action}.title`, values), say(`my48.fx.ask.${p.action}.body`, values));
  }
}

/**
 * The failure to show: the server's message (for a carryover the spec's 'Backend error in performing
 * carryOver' when the billing platform failed, 'Carryover Failed!' when the move was refused); without
 * one (no answer at all), 'Carryover Failed!' or the action's own failure.
 */
function failureOf(action: FlexiAction, error: unknown): string {
  return errorMessage(
    error,
    refusalText(action, action === 'carryover' ? 'accountDetailsMissing' : 'backendUnavailable'),
  );
}

async function perform(p: Pending): Promise<{ message: string; needsMembershipBy?: string | null }> {
  const o = { params: params(), idempotencyKey: newIdempotencyKey() };
  const body = { amount_gb: p.amountGb };
  switch (p.action) {
    case 'carryover': {
      const { _payload } = await call(flexiDataApi.carryover, o);
      return { message: _payload.message, needsMembershipBy: _payload.needs_membership_by };
    }
    case 'donate':
      await call(flexiDataApi.donate, { ...o, body });
      return { message: say('my48.fx.done.donate', { gb: p.amountGb }) };
    case 'save': {
      const { _payload } = await call(flexiDataApi.save, { ...o, body });
      return { message: say('my48.fx.done.save', { gb: p.amountGb, safe: gbOf(_payload.balance_kb) }) };
    }
    case 'unlock': {
      const { _payload } = await call(flexiDataApi.unlock, { ...o, body });
      return { message: say('my48.fx.done.unlock', { gb: p.amountGb, safe: gbOf(_payload.balance_kb) }) };
    }
    case 'swap': {
      const { _payload } = await call(flexiDataApi.swap, { ...o, body });
      return {
        message: sayCount('my48.fx.done.swap', _payload.minutes.left ?? 0, {
          gb: p.amountGb,
          added: _payload.minutes_added,
        }),
      };
    }
    case 'spotme': {
      const { _payload } = await call(flexiDataApi.spotme, {
        ...o,
        body: { ...body, msisdn: p.msisdn ?? '', days: p.days ?? 1 },
      });
      return {
        message: say('my48.fx.done.spotme', {
          gb: p.amountGb,
          number: formatMsisdn(_payload.msisdn),
          date: shortDate(_payload.ends_at),
        }),
      };
    }
    case 'share': {
      const { _payload } = await call(flexiDataApi.share, { ...o, body: { ...body, msisdn: p.msisdn ?? '' } });
      return { message: say('my48.fx.done.share', { gb: p.amountGb, number: formatMsisdn(_payload.msisdn) }) };
    }
  }
}

/** Runs the confirmed action once; then the screen and the dashboard's figures are read again. */
export async function confirmPending(): Promise<void> {
  const p = $pending.get();
  if (!p || $flexiAction.get().busy) return;
  $pending.set(undefined);
  $flexiAction.set({ busy: p.action });
  try {
    const outcome = await perform(p);
    $flexiAction.set({ done: { action: p.action, ...outcome } });
  } catch (error) {
    $flexiAction.set({ failed: { action: p.action, message: failureOf(p.action, error) } });
  }
  await flexi.load(params().ssn);
  const userId = currentUserId();
  if (userId) void loadAccount(userId, { force: true, quiet: true });
}

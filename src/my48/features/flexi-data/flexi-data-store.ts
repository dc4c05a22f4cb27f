import { atom, map } from 'nanostores';
import type { Answer } from '../../../contract/endpoint.ts';
import { z } from '../../../contract/zod.ts';
import {
  flexiDataApi,
  flexiFailures,
  flexiMessages,
  ShareForm,
  SpotMeForm,
  type FlexiAction,
} from '../../../contract/flexi-data.schema.ts';
import { MINUTES_PER_GB } from '../../../contract/constants.ts';
import { formatMsisdn, gb as gbOf, shortDate } from '../../../lib/format.ts';
import { call, errorMessage, newIdempotencyKey } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';

export type Donation = Answer<typeof flexiDataApi.donations>['_payload']['values'][number];

/** What the flexi-data screen shows, for the member's SIM: the overview and the donation history. */
export const flexi = loader(async (ssn: string) => {
  const p = { user_id: currentUserId() ?? '', ssn };
  const [overview, donations] = await Promise.all([
    call(flexiDataApi.overview, { params: p }),
    call(flexiDataApi.donations, { params: p }),
  ]);
  return { overview: overview._payload, donations: donations._payload.values };
}, 'Your flexible data could not be loaded. Please try again.');

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
export const closeDone = () => $flexiAction.setKey('done', undefined);

/** What the member is asked to confirm. */
export function confirmText(p: Pending): { title: string; body: string; yes: string } {
  const gb = `${p.amountGb} GB`;
  const once = 'Carryover, save and donate: one of them, once a month.';
  switch (p.action) {
    case 'carryover':
      return {
        title: `Carry over ${p.amountGb.toFixed(2)} GB?`,
        body: `All your unused data moves to your next membership and can't be moved back. ${once}`,
        yes: 'Yes, carry it over',
      };
    case 'donate':
      return {
        title: `Donate ${gb}?`,
        body: `It goes to the 48 community for members in need and can't be given back. ${once}`,
        yes: 'Yes, donate it',
      };
    case 'save':
      return {
        title: `Save ${gb} in The Safe?`,
        body: `You can unlock it into a membership whenever you like. ${once}`,
        yes: 'Yes, save it',
      };
    case 'unlock':
      return {
        title: `Unlock ${gb} from The Safe?`,
        body: 'It joins your current membership and ends with it.',
        yes: 'Yes, unlock it',
      };
    case 'swap':
      return {
        title: `Swap ${gb} for ${p.amountGb * MINUTES_PER_GB} landline minutes?`,
        body: "A swap can't be undone.",
        yes: 'Yes, swap it',
      };
    case 'spotme':
      return {
        title: `Spot ${gb} to ${formatMsisdn(p.msisdn ?? '')}?`,
        body: `For ${p.days} ${p.days === 1 ? 'day' : 'days'}; what they have not used by then comes back to you.`,
        yes: 'Yes, spot it',
      };
    case 'share':
      return {
        title: `Share ${gb} with ${formatMsisdn(p.msisdn ?? '')}?`,
        body: "It becomes theirs for good and can't be taken back.",
        yes: 'Yes, share it',
      };
  }
}

/**
 * The failure to show: the server's message (for a carryover the spec's 'Backend error in performing
 * carryOver' when the billing platform failed, 'Carryover Failed!' when the move was refused); without
 * one (no answer at all), 'Carryover Failed!' or the action's own failure.
 */
function failureOf(action: FlexiAction, error: unknown): string {
  const fallback =
    action === 'carryover' ? flexiMessages.carryoverFailed : flexiFailures[action].backendUnavailable.message;
  return errorMessage(error, fallback);
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
      return { message: `Thank you! You donated ${p.amountGb} GB to members in need.` };
    case 'save': {
      const { _payload } = await call(flexiDataApi.save, { ...o, body });
      return { message: `${p.amountGb} GB is in The Safe. It now holds ${gbOf(_payload.balance_kb)} GB.` };
    }
    case 'unlock': {
      const { _payload } = await call(flexiDataApi.unlock, { ...o, body });
      return { message: `${p.amountGb} GB is in your membership now. The Safe holds ${gbOf(_payload.balance_kb)} GB.` };
    }
    case 'swap': {
      const { _payload } = await call(flexiDataApi.swap, { ...o, body });
      return {
        message: `You swapped ${p.amountGb} GB for ${_payload.minutes_added} landline minutes. You have ${_payload.minutes.left ?? 0} landline minutes left.`,
      };
    }
    case 'spotme': {
      const { _payload } = await call(flexiDataApi.spotme, {
        ...o,
        body: { ...body, msisdn: p.msisdn ?? '', days: p.days ?? 1 },
      });
      return {
        message: `You spotted ${p.amountGb} GB to ${formatMsisdn(_payload.msisdn)} until ${shortDate(_payload.ends_at)}.`,
      };
    }
    case 'share': {
      const { _payload } = await call(flexiDataApi.share, { ...o, body: { ...body, msisdn: p.msisdn ?? '' } });
      return { message: `You shared ${p.amountGb} GB with ${formatMsisdn(_payload.msisdn)}.` };
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

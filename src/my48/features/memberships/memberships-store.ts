import { atom, map } from 'nanostores';
import type { Answer } from '../../../contract/endpoint.ts';
import { membershipsApi, membershipsFailures } from '../../../contract/memberships.ts';
import { paymentsApi, type PaymentType } from '../../../contract/payments.ts';
import { euro, wholeGb } from '../../../lib/format.ts';
import { call, errorCode, errorMessage, newIdempotencyKey } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { loader } from '../../../stores/loader.ts';

export type Offers = Answer<typeof membershipsApi.allowed>['_payload'];

/** What the memberships, add-credit and add-on screens show for the member's SIM: the offers, the credit, the stored card. */
export const offers = loader(async (ssn: string) => {
  const [allowed, card] = await Promise.all([
    call(membershipsApi.allowed, { params: { user_id: currentUserId() ?? '', ssn } }),
    call(paymentsApi.storedCard, { params: { user_id: currentUserId() ?? '' } }),
  ]);
  return { offers: allowed._payload, card: card._payload.card };
}, 'Your memberships could not be loaded. Please try again.');
/** The one purchase or switch in progress, its error, and the popup to show when done. */
export const $action = map<{ busy?: string | undefined; error?: string | undefined; popup?: string | undefined }>({});
/** The auto-renew change waiting for the member's confirmation. */
export const $confirm = atom<{ change: 'on' | 'off' | 'switch'; sku: string; name?: string } | undefined>(undefined);

const params = () => ({ user_id: currentUserId() ?? '', ssn: $account.get().sim?.ssn ?? '' });

const refresh = async () => {
  await offers.load(params().ssn);
  const userId = currentUserId();
  if (userId) void loadAccount(userId, { force: true, quiet: true });
};

/** 402: the card must pay `amount` and there is no stored card: a checkout, then the payment page. */
const checkoutNeeded = (error: unknown) => errorCode(error) === membershipsFailures.checkoutRequired.code;

async function goToCheckout(
  body: Parameters<typeof call<typeof paymentsApi.createCheckout>>[1]['body'],
): Promise<void> {
  const { _payload } = await call(paymentsApi.createCheckout, {
    params: params(),
    body,
    idempotencyKey: newIdempotencyKey(),
  });
  $action.set({ busy: 'Opening the secure payment page…' });
  location.assign(_payload.url);
}

async function act(busy: string, work: () => Promise<string | undefined>): Promise<void> {
  if ($action.get().busy) return;
  $action.set({ busy });
  try {
    const popup = await work();
    if ($action.get().busy === busy) $action.set({ popup });
  } catch (error) {
    $action.set({ error: errorMessage(error) });
  }
}

/** Buy a membership: now, or queued behind the current one; credit first unless the stored card pays it all. */
export function buyMembership(sku: string, paymentType: PaymentType, recurrence: boolean): Promise<void> {
  return act('Buying…', async () => {
    try {
      const body = {
        recurrence_sku: sku,
        payment_type: paymentType,
        recurrence_enabled: recurrence ? 'true' : 'false',
        check_user_cc: paymentType === 'STORED_CARD' ? 'true' : 'false',
      } as const;
      const { _payload } = await call(membershipsApi.recurrence, {
        params: params(),
        query: { single_topUp: 'true' },
        body,
        idempotencyKey: newIdempotencyKey(),
      });
      await refresh();
      if (!('membership' in _payload)) return undefined;
      return _payload.membership.status === 'current'
        ? `${_payload.membership.name} is yours, starting now.`
        : `${_payload.membership.name} is queued. It starts when your current membership ends.`;
    } catch (error) {
      if (!checkoutNeeded(error)) throw error;
      await goToCheckout({ purpose: 'membership', sku, recurrence_enabled: recurrence, save_card: true, card: 'new' });
      return undefined;
    }
  });
}

/** Auto-renew: the member confirms first (spec section 8), then a popup says it is on or off. */
export const askAutoRenew = (turnOn: boolean, sku: string) => $confirm.set({ change: turnOn ? 'on' : 'off', sku });
/** Renew with another membership (PUT …/recurrence), also confirmed first. */
export const askRenewWith = (sku: string, name: string) => $confirm.set({ change: 'switch', sku, name });
export const cancelAutoRenew = () => $confirm.set(undefined);
export function confirmAutoRenew(): Promise<void> {
  const change = $confirm.get();
  $confirm.set(undefined);
  if (!change) return Promise.resolve();
  return act('Saving…', async () => {
    const body = {
      recurrence_sku: change.sku,
      payment_type: 'BALANCE_BEFORE_SC',
      recurrence_enabled: 'true',
      check_user_cc: 'false',
    } as const;
    const options = { params: params(), idempotencyKey: newIdempotencyKey() };
    if (change.change === 'on') await call(membershipsApi.recurrence, { ...options, body });
    else if (change.change === 'switch')
      await call(membershipsApi.changeRecurrence, { ...options, body: { recurrence_sku: change.sku } });
    else await call(membershipsApi.stopRecurrence, { ...options, body: { recurrence_sku: change.sku } });
    await refresh();
    if (change.change === 'switch') return `Auto-renew is on with ${change.name ?? change.sku}.`;
    return change.change === 'on'
      ? 'Auto-renew is on. Your membership renews by itself: credit first, then your card.'
      : 'Auto-renew is off. Your membership ends on its end date.';
  });
}

/** Add credit: with the stored card, or a new card on the payment page. */
export function addCredit(amountCents: number, withStoredCard: boolean, saveCard: boolean): Promise<void> {
  return act('Adding credit…', async () => {
    if (!withStoredCard) {
      await goToCheckout({ purpose: 'credit', amount_cents: amountCents as 500, save_card: saveCard, card: 'new' });
      return undefined;
    }
    const { _payload } = await call(membershipsApi.addCredit, {
      params: params(),
      body: { amount_cents: amountCents as 500, payment_type: 'STORED_CARD' },
      idempotencyKey: newIdempotencyKey(),
    });
    await refresh();
    return `Credit added. Your credit is ${euro(_payload.credit_cents)} now.`;
  });
}

/** A data add-on for the current membership: credit first, then the stored card or a new card. */
export function buyAddon(sku: 'BDAO05' | 'BDAO10'): Promise<void> {
  return act('Buying…', async () => {
    try {
      const { _payload } = await call(membershipsApi.buyAddon, {
        params: params(),
        body: { sku, payment_type: 'BALANCE_BEFORE_SC' },
        idempotencyKey: newIdempotencyKey(),
      });
      await refresh();
      return `${wholeGb(_payload.addon.data_kb)} added to your membership.`;
    } catch (error) {
      if (!checkoutNeeded(error)) throw error;
      await goToCheckout({ purpose: 'addon', sku, save_card: true, card: 'new' });
      return undefined;
    }
  });
}

export const closePopup = () => $action.set({});

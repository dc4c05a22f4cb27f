import { atom } from 'nanostores';
import type { Answer } from '../../../contract/endpoint.ts';
import { z } from '../../../contract/zod.ts';
import { membershipsApi, membershipsFailures, RecurrenceForm } from '../../../contract/memberships.schema.ts';
import { paymentsApi, type PaymentType } from '../../../contract/payments.schema.ts';
import { euro, wholeGb } from '../../../lib/format.ts';
import { call, errorCode, newIdempotencyKey } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { locale, say, type My48Key } from '../../speech.ts';
import { localUrl } from '../../../contract/i18n/routes.ts';

export type Offers = Answer<typeof membershipsApi.allowed>['_payload'];

/** What the memberships, add-credit and add-on screens show for the member's SIM: the offers, the credit, the stored card. */
export const offers = loader(
  async (ssn: string) => {
    const [allowed, card] = await Promise.all([
      call(membershipsApi.allowed, { params: { user_id: currentUserId() ?? '', ssn } }),
      call(paymentsApi.storedCard, { params: { user_id: currentUserId() ?? '' } }),
    ]);
    return { offers: allowed._payload, card: card._payload.card };
  },
  () => say('my48.offers.loadFailed'),
);
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
  location.assign(localUrl(locale(), _payload.url));
  // Busy until the payment page replaces this one: no second purchase meanwhile.
  await new Promise<never>(() => undefined);
}

/**
 * Every purchase and change of the money screens, as one form (stores/form.ts: the contract's
 * rules first, busy while it runs, then the popup or the API's message): a membership (now or
 * queued), credit, an add-on, an auto-renew change. Nothing runs while another is in progress.
 */
const Purchase = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('membership'),
    sku: RecurrenceForm.shape.recurrence_sku,
    payment_type: RecurrenceForm.shape.payment_type,
    recurrence: z.enum(['true', 'false']),
    save: z.literal('on').optional(),
  }),
  z.object({
    kind: z.literal('credit'),
    amount: z.coerce.number().pipe(membershipsApi.addCredit.body.shape.amount_cents),
    card: z.enum(['stored', 'new'], { error: 'Choose how to pay.' }),
    save: z.literal('on').optional(),
  }),
  z.object({
    kind: z.literal('addon'),
    sku: membershipsApi.buyAddon.body.shape.sku,
    save: z.literal('on').optional(),
  }),
  z.object({
    kind: z.literal('autoRenew'),
    change: z.enum(['on', 'off', 'switch']),
    sku: RecurrenceForm.shape.recurrence_sku,
    name: z.string().optional(),
  }),
]);
type Purchase = z.output<typeof Purchase>;

const BUSY: Record<Purchase['kind'], My48Key> = {
  membership: 'my48.busy.buying',
  credit: 'my48.busy.addingCredit',
  addon: 'my48.busy.buying',
  autoRenew: 'my48.busy.saving',
};

export const purchase = formStore({
  schema: Purchase,
  labels: { amount: 'Amount' },
  send: async (p, step): Promise<string | undefined> => {
    step(say(BUSY[p.kind]));
    const checkout = (body: Parameters<typeof goToCheckout>[0]) => {
      step(say('my48.busy.checkout'));
      return goToCheckout(body).then(() => undefined);
    };
    switch (p.kind) {
      case 'membership': {
        const recurrence = p.recurrence === 'true';
        try {
          const { _payload } = await call(membershipsApi.recurrence, {
            params: params(),
            query: { single_topUp: 'true' },
            body: {
              recurrence_sku: p.sku,
              payment_type: p.payment_type,
              recurrence_enabled: p.recurrence,
              check_user_cc: p.payment_type === 'STORED_CARD' ? 'true' : 'false',
            },
            idempotencyKey: newIdempotencyKey(),
          });
          await refresh();
          if (!('membership' in _payload)) return undefined;
          return _payload.membership.status === 'current'
            ? say('my48.bought.now', { name: _payload.membership.name })
            : say('my48.bought.queued', { name: _payload.membership.name });
        } catch (error) {
          if (!checkoutNeeded(error)) throw error;
          return checkout({
            purpose: 'membership',
            sku: p.sku,
            recurrence_enabled: recurrence,
            save_card: p.save === 'on',
            card: 'new',
          });
        }
      }
      case 'credit': {
        if (p.card === 'new')
          return checkout({ purpose: 'credit', amount_cents: p.amount, save_card: p.save === 'on', card: 'new' });
        const { _payload } = await call(membershipsApi.addCredit, {
          params: params(),
          body: { amount_cents: p.amount, payment_type: 'STORED_CARD' },
          idempotencyKey: newIdempotencyKey(),
        });
        await refresh();
        return say('my48.bought.credit', { credit: euro(_payload.credit_cents) });
      }
      case 'addon': {
        try {
          const { _payload } = await call(membershipsApi.buyAddon, {
            params: params(),
            body: { sku: p.sku, payment_type: 'BALANCE_BEFORE_SC' },
            idempotencyKey: newIdempotencyKey(),
          });
          await refresh();
          return say('my48.bought.addon', { size: wholeGb(_payload.addon.data_kb) });
        } catch (error) {
          if (!checkoutNeeded(error)) throw error;
          return checkout({ purpose: 'addon', sku: p.sku, save_card: p.save === 'on', card: 'new' });
        }
      }
      case 'autoRenew': {
        const body = {
          recurrence_sku: p.sku,
          payment_type: 'BALANCE_BEFORE_SC',
          recurrence_enabled: 'true',
          check_user_cc: 'false',
        } as const;
        const options = { params: params(), idempotencyKey: newIdempotencyKey() };
        if (p.change === 'on') await call(membershipsApi.recurrence, { ...options, body });
        else if (p.change === 'switch')
          await call(membershipsApi.changeRecurrence, { ...options, body: { recurrence_sku: p.sku } });
        else await call(membershipsApi.stopRecurrence, { ...options, body: { recurrence_sku: p.sku } });
        await refresh();
        if (p.change === 'switch') return say('my48.autoRenew.switched', { name: p.name ?? p.sku });
        return p.change === 'on' ? say('my48.autoRenew.turnedOn') : say('my48.autoRenew.turnedOff');
      }
    }
  },
});

/** Buy a membership: now, or queued behind the current one; credit first unless the stored card pays it all. */
/** `save`: keep the card that pays the part credit does not (offered only while no card is saved). */
export const buyMembership = (sku: string, paymentType: PaymentType, recurrence: boolean, save = false) =>
  purchase.submit({
    kind: 'membership',
    sku,
    payment_type: paymentType,
    recurrence: String(recurrence),
    ...(save ? { save: 'on' } : {}),
  });

/** Auto-renew: the member confirms first (spec section 8), then a popup says it is on or off. */
export const askAutoRenew = (turnOn: boolean, sku: string) => $confirm.set({ change: turnOn ? 'on' : 'off', sku });
/** Renew with another membership (PUT …/recurrence), also confirmed first. */
export const askRenewWith = (sku: string, name: string) => $confirm.set({ change: 'switch', sku, name });
export const cancelAutoRenew = () => $confirm.set(undefined);
export function confirmAutoRenew(): Promise<void> {
  const change = $confirm.get();
  $confirm.set(undefined);
  if (!change) return Promise.resolve();
  return purchase.submit({ kind: 'autoRenew', ...change, ...(change.name ? { name: change.name } : {}) });
}

/** A data add-on for the current membership: credit first, then the stored card or a new card. */
export const buyAddon = (sku: 'BDAO05' | 'BDAO10', save = false) =>
  purchase.submit({ kind: 'addon', sku, ...(save ? { save: 'on' } : {}) });

/** The popup closed (or the failure dismissed): the form is ready for the next. */
export const closePopup = () => purchase.reset();

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { membershipsFailures } from '../../../contract/memberships.schema.ts';
import { fakePanda } from '../../testing/fake-panda.ts';

/** The money screens' one purchase form, without a browser: what it sends, what it says, where it goes. */
const panda = fakePanda();
const store = await import('./memberships-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');
const { $account } = await import('../../stores/account.ts');

const SSN = '8935302000000000077';
const base = `/panda/protected/users/9/sims/${SSN}`;
const reads = { status: 200, body: { _payload: { values: [], credit_cents: 0 } } };

beforeEach(() => {
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '9');
  $account.setKey('sim', { ssn: SSN } as never);
  store.purchase.reset();
});

describe('the purchase form', () => {
  it('a membership paid from credit: one call with an Idempotency-Key, the popup says it is yours, the offers read again', async () => {
    panda.answerWith(({ method, path }) =>
      method === 'POST' && path === `${base}/recurrence`
        ? { status: 201, body: { _payload: { membership: { name: 'Data Plus €9.99 Membership', status: 'current' } } } }
        : reads,
    );
    await store.buyMembership('BDDT00', 'BALANCE_BEFORE_SC', true);
    const [buy] = panda.writes();
    expect(buy).toMatchObject({
      path: `${base}/recurrence`,
      body: {
        recurrence_sku: 'BDDT00',
        payment_type: 'BALANCE_BEFORE_SC',
        recurrence_enabled: 'true',
        check_user_cc: 'false',
      },
    });
    expect(buy!.query.get('single_topUp')).toBe('true');
    expect(buy!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.purchase.$state.get()).toMatchObject({
      busy: false,
      result: 'Data Plus €9.99 Membership is yours, starting now.',
    });
    expect(panda.sent.some((s) => s.method === 'GET' && s.path === `${base}/memberships/allowed`)).toBe(true);
  });

  it('a purchase while another runs sends nothing more', async () => {
    panda.answerWith(() => reads);
    const first = store.buyMembership('BDDT00', 'BALANCE_BEFORE_SC', false);
    const second = store.buyAddon('BDAO05');
    await Promise.all([first, second]);
    expect(panda.writes()).toHaveLength(1);
  });

  it('when the card must pay and none is stored: a checkout is made and the payment page opened, busy till it replaces the page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    panda.answerWith(({ method, path }) => {
      if (method === 'POST' && (path === `${base}/recurrence` || path === `${base}/addons`))
        return {
          status: 402,
          body: { _payload: { code: membershipsFailures.checkoutRequired.code, message: 'A card payment is needed.' } },
        };
      if (method === 'POST' && path === `${base}/checkouts`)
        return { status: 201, body: { _payload: { url: '/payment-gateway/?checkout=abc' } } };
      return reads;
    });
    void store.buyMembership('BDDT00', 'BALANCE_BEFORE_SC', true);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-gateway/?checkout=abc'));
    expect(panda.writes().map((w) => w.path)).toEqual([`${base}/recurrence`, `${base}/checkouts`]);
    // The card is kept only when the member ticked "save": not asked, not kept.
    expect(panda.writes()[1]!.body).toMatchObject({
      purpose: 'membership',
      sku: 'BDDT00',
      recurrence_enabled: true,
      save_card: false,
    });
    expect(store.purchase.$state.get()).toMatchObject({ busy: true, busyLabel: 'Opening the secure payment page…' });
    store.purchase.reset();
    void store.buyAddon('BDAO05', true);
    await vi.waitFor(() => expect(panda.writes()).toHaveLength(4));
    expect(panda.writes()[3]!.body).toMatchObject({ purpose: 'addon', sku: 'BDAO05', save_card: true });
    assign.mockRestore();
  });

  it("credit of an amount not offered is refused before any call; the server's refusal shows as its message", async () => {
    await store.purchase.submit({ kind: 'credit', amount: '700', card: 'stored' });
    expect(store.purchase.$state.get().fields['amount']).toBeTruthy();
    expect(panda.sent).toEqual([]);
    panda.answerWith(({ method }) =>
      method === 'POST' ? { status: 409, body: { _payload: { message: 'Your stored card was declined.' } } } : reads,
    );
    await store.purchase.submit({ kind: 'credit', amount: '1000', card: 'stored' });
    expect(store.purchase.$state.get()).toMatchObject({ busy: false, error: 'Your stored card was declined.' });
  });
});

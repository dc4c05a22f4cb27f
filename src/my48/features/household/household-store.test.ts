// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HouseholdLine } from '../../../contract/household.schema.ts';
import { fakePanda } from '../../testing/fake-panda.ts';

/** The owner's household store, without a browser: a line's dialog, what it sends, what it says after. */
const panda = fakePanda();
const store = await import('./household-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');
const { $account } = await import('../../stores/account.ts');

const OWNER_SSN = '8935302000000000101';
const LINE_SSN = '8935302000000000102';
const household = '/panda/protected/users/11/household';
const line = { ssn: LINE_SSN, msisdn: '0830000102', name: 'Tadhg Walsh' } as unknown as HouseholdLine;
const reads = { status: 200, body: { _payload: { values: [], card: null } } };

beforeEach(() => {
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '11');
  $account.setKey('sim', { ssn: OWNER_SSN } as never);
  store.$open.set(undefined);
  store.$notice.set(undefined);
});

describe("the owner's household", () => {
  it('a membership for a line: chosen and paid from the owner’s SIM, once, then the dialog closes with the message', async () => {
    store.openAction(line, 'membership');
    await store.buyForm.submit({ sku: '', payment_type: 'BALANCE_BEFORE_SC' });
    expect(store.buyForm.$state.get().fields['sku']).toBe('Choose a membership.');
    expect(panda.sent).toEqual([]);
    panda.answerWith(({ method }) =>
      method === 'POST'
        ? { status: 201, body: { _payload: { message: "Data Plus €9.99 Membership bought for Tadhg's line." } } }
        : reads,
    );
    await store.buyForm.submit({ sku: 'BDDT00', payment_type: 'STORED_CARD' });
    const [buy] = panda.writes();
    expect(buy).toMatchObject({
      path: `${household}/lines/${LINE_SSN}/memberships`,
      body: { sku: 'BDDT00', payment_type: 'STORED_CARD', from_ssn: OWNER_SSN },
    });
    expect(buy!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.$open.get()).toBeUndefined();
    expect(store.$notice.get()).toBe("Data Plus €9.99 Membership bought for Tadhg's line.");
    // The screen is read again for the owner's SIM.
    await vi.waitFor(() =>
      expect(panda.sent.some((s) => s.method === 'GET' && s.path === `${household}/lines`)).toBe(true),
    );
  });

  it('a spend limit as a person types it: words refused, "€20.50" is 2050 cents, empty is no limit', async () => {
    store.openAction(line, 'limit');
    await store.limitForm.submit({ limit: 'twenty' });
    expect(store.limitForm.$state.get().fields['limit']).toBe(
      'Enter an amount in euro, like 20 or 20.50, or leave it empty for no limit.',
    );
    panda.answerWith(({ method }) =>
      method === 'PUT' || method === 'POST' ? { status: 200, body: { _payload: { message: 'Saved.' } } } : reads,
    );
    await store.limitForm.submit({ limit: '€20.50' });
    store.openAction(line, 'limit');
    await store.limitForm.submit({ limit: '' });
    expect(panda.writes().map((w) => w.body)).toEqual([{ limit_cents: 2050 }, { limit_cents: null }]);
  });

  it('an invitation to a number that is not Irish is refused beside the field; opening a line’s dialog clears the last message', async () => {
    await store.inviteForm.submit({ msisdn: '12345' });
    expect(store.inviteForm.$state.get().fields['msisdn']).toBe('Enter an Irish mobile number like 087 123 4567.');
    expect(panda.sent).toEqual([]);
    store.$notice.set('An earlier message');
    store.openAction(line, 'credit');
    expect(store.$notice.get()).toBeUndefined();
    expect(store.$open.get()).toEqual({ line, action: 'credit' });
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakePanda } from '../../testing/fake-panda.ts';

/**
 * The flexible-data store without a browser (as slowreader tests its page stores): a fake panda
 * answers the calls the store makes, and the test drives the store as the screen would.
 */
const panda = fakePanda();

// The client captures fetch when it is made: the store is loaded after the stub.
const store = await import('./flexi-data-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');
const { $account } = await import('../../stores/account.ts');

const SSN = '8935302000000000042';
const base = `/panda/protected/users/7/sims/${SSN}`;

beforeEach(() => {
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '7');
  $account.setKey('sim', { ssn: SSN } as never);
  store.cancel();
  store.closeDone();
  store.$flexiAction.set({});
  store.friendForms.spotme.reset();
});

describe('flexible data: ask, then confirm', () => {
  it('a spot-me form with a bad number or too few days asks nothing and calls nothing', async () => {
    await store.friendForms.spotme.submit({ msisdn: '087 100 00', amount_gb: '2', days: '0' });
    const { fields } = store.friendForms.spotme.$state.get();
    expect(fields['msisdn']).toBe('Enter an Irish mobile number like 087 123 4567.');
    expect(fields['days']).toBe('Spot me lends for at least 1 day.');
    expect(store.$pending.get()).toBeUndefined();
    expect(panda.sent).toEqual([]);
  });

  it('a valid form only asks: the confirmation names the friend and the days, and nothing moves yet', async () => {
    await store.friendForms.spotme.submit({ msisdn: '087 100 0030', amount_gb: '2', days: '3' });
    const pending = store.$pending.get();
    expect(pending).toEqual({ action: 'spotme', amountGb: 2, msisdn: '0871000030', days: 3 });
    expect(store.confirmText(pending!)).toMatchObject({ title: 'Spot 2 GB to 087 100 0030?', yes: 'Yes, spot it' });
    expect(panda.sent).toEqual([]);
    // Cancelled, nothing is left to confirm.
    store.cancel();
    expect(store.$pending.get()).toBeUndefined();
    await store.confirmPending();
    expect(panda.sent).toEqual([]);
  });

  it('the confirmation moves the data once, with an Idempotency-Key, says what happened and reads the screen again', async () => {
    panda.answerWith(({ method, path }) =>
      method === 'POST' && path === `${base}/flexidata/spotme`
        ? { status: 201, body: { _payload: { msisdn: '0871000030', ends_at: '2026-11-29T10:00:00.000Z' } } }
        : { status: 200, body: { _payload: { values: [] } } },
    );
    store.ask({ action: 'spotme', amountGb: 2, msisdn: '0871000030', days: 3 });
    const first = store.confirmPending();
    const second = store.confirmPending(); // a double click: the pending action is gone already
    await Promise.all([first, second]);
    const posts = panda.writes();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe(`${base}/flexidata/spotme`);
    expect(posts[0]!.body).toEqual({ amount_gb: 2, msisdn: '0871000030', days: 3 });
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.$flexiAction.get().done?.message).toBe('You spotted 2 GB to 087 100 0030 until 29.11.26.');
    expect(panda.sent.some((s) => s.method === 'GET' && s.path === `${base}/flexidata`)).toBe(true);
  });

  it("a refusal shows the server's message in the action's section; a carryover without an answer says 'Carryover Failed!'", async () => {
    panda.answerWith(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { _payload: { message: 'Your friend has no membership to spot data to.' } } }
        : { status: 200, body: { _payload: { values: [] } } },
    );
    store.ask({ action: 'spotme', amountGb: 1, msisdn: '0871000030', days: 1 });
    await store.confirmPending();
    expect(store.$flexiAction.get().failed).toEqual({
      action: 'spotme',
      message: 'Your friend has no membership to spot data to.',
    });
    panda.answerWith(({ method }) =>
      method === 'POST' ? { status: 502, body: 'down' } : { status: 200, body: { _payload: { values: [] } } },
    );
    store.ask({ action: 'carryover', amountGb: 20 });
    await store.confirmPending();
    expect(store.$flexiAction.get().failed).toEqual({ action: 'carryover', message: 'Carryover Failed!' });
  });
});

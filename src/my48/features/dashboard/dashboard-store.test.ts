// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePanda } from '../../testing/fake-panda.ts';

/** The dashboard's activation watch in Node: a fake panda says since when the activation runs. */
const panda = fakePanda();
const store = await import('./dashboard-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');

const MINUTE = 60_000;
const answerSince = (since: string | null) =>
  panda.answerWith((call) =>
    call.path === '/panda/protected/users/7/sims/activation'
      ? { status: 200, body: { _payload: { activating: since !== null, since } } }
      : { status: 400, body: { _payload: { message: 'Account activation in progress' } } },
  );
let stop: (() => void) | undefined;

beforeEach(() => {
  // The clock first: the session cookies expire by it.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '7');
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('activation in progress: the support hint', () => {
  it('counts from when the activation began on the server, not from when this tab first looked', async () => {
    // Begun 20 minutes ago (on another device, say): the hint shows at once.
    answerSince(new Date(Date.now() - 20 * MINUTE).toISOString());
    stop = store.watchActivation();
    await vi.waitFor(() => expect(store.$activationOverdue.get()).toBe(true));
    expect(panda.sent.some((s) => s.path.endsWith('/sims/activation'))).toBe(true);
  });

  it('begun 5 minutes ago: no hint until 15 minutes have passed since then', async () => {
    answerSince(new Date(Date.now() - 5 * MINUTE).toISOString());
    stop = store.watchActivation();
    await vi.waitFor(() => expect(panda.sent.length).toBeGreaterThan(0));
    expect(store.$activationOverdue.get()).toBe(false);
    vi.advanceTimersByTime(9 * MINUTE);
    expect(store.$activationOverdue.get()).toBe(false);
    vi.advanceTimersByTime(MINUTE);
    expect(store.$activationOverdue.get()).toBe(true);
  });
});

describe('the balance kept fresh while the dashboard is shown', () => {
  it('reads the account again every 10 seconds once it is shown, quietly, and not while it is loading', async () => {
    const { $account } = await import('../../stores/account.ts');
    panda.answerWith(() => ({ status: 400, body: { _payload: { message: 'Account activation in progress' } } }));
    $account.setKey('status', 'loading');
    stop = store.watchBalance();
    vi.advanceTimersByTime(store.BALANCE_REFRESH_MS);
    expect(panda.sent.filter((s) => s.path.endsWith('/sims/owned'))).toHaveLength(0);
    $account.setKey('status', 'ready');
    vi.advanceTimersByTime(store.BALANCE_REFRESH_MS);
    await vi.waitFor(() => expect(panda.sent.filter((s) => s.path.endsWith('/sims/owned'))).toHaveLength(1));
    // A quiet read: the screen stays as it was while it is asked.
    expect($account.get().status).not.toBe('loading');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineControls } from '../../../contract/household.schema.ts';
import { fakePanda } from '../../testing/fake-panda.ts';

/** A line's controls without a browser: read again while the network has yet to answer, and no more once it has. */
const panda = fakePanda();
const store = await import('./line-controls-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');

const SSN = '8935302000000000102';
const controls = (network: 'switching' | 'done') =>
  ({
    ssn: SSN,
    pause: { kind: 'data', until: null, network },
    filters: [],
  }) as unknown as LineControls;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '11');
});
afterEach(() => vi.useRealTimers());

describe('a line’s controls', () => {
  it('are read again every few seconds while switching, and not once the network has answered or the screen closed', async () => {
    let answer: 'switching' | 'done' = 'switching';
    panda.answerWith(() => ({ status: 200, body: { _payload: controls(answer) } }));
    const stop = store.watchLine(SSN);
    await vi.waitFor(() => expect(store.lineControls.$state.get().status).toBe('ready'));
    expect(panda.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(store.SWITCHING_POLL_MS);
    expect(panda.sent).toHaveLength(2);
    answer = 'done';
    await vi.advanceTimersByTimeAsync(store.SWITCHING_POLL_MS);
    expect(panda.sent).toHaveLength(3);
    // The network answered: nothing more is asked.
    await vi.advanceTimersByTimeAsync(store.SWITCHING_POLL_MS * 3);
    expect(panda.sent).toHaveLength(3);
    // A change switching again, with the screen closed: nothing is asked either.
    answer = 'switching';
    await store.lineControls.load(SSN);
    stop();
    await vi.advanceTimersByTimeAsync(store.SWITCHING_POLL_MS * 3);
    expect(panda.sent).toHaveLength(4);
  });
});

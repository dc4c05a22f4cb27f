// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakePanda } from '../../testing/fake-panda.ts';

/** The number lock's store without a browser: what each form checks and sends, and the lock read again after each change. */
const panda = fakePanda();
const store = await import('./number-lock-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');
const { $account } = await import('../../stores/account.ts');

const SSN = '8935302000000000077';
const lockPath = '/panda/protected/users/9/number-lock';
const changePath = `/panda/protected/users/9/sims/${SSN}/locked-change`;
const lock = (on: boolean, changes: unknown[] = []) => ({
  status: 200,
  body: { _payload: { on, since: on ? '2026-11-29T10:00:00.000Z' : null, changes } },
});

beforeEach(() => {
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '9');
  $account.setKey('sim', { ssn: SSN } as never);
  store.switchLockForm.reset();
  store.askChangeForm.reset();
  store.confirmChangeForm.reset();
});

describe('the number lock', () => {
  it('switches with the code in its header, and shows what the server answered', async () => {
    await store.switchLockForm.submit({ on: 'on', step_up_code: '12' });
    expect(store.switchLockForm.$state.get().fields['step_up_code']).toBeTruthy();
    expect(panda.sent).toEqual([]);
    panda.answerWith(() => lock(true));
    await store.switchLockForm.submit({ on: 'on', step_up_code: '123 456' });
    const [sent] = panda.writes();
    expect([sent!.method, sent!.path, sent!.body, sent!.headers.get('x-step-up-code')]).toEqual([
      'PUT',
      lockPath,
      { on: true },
      '123456',
    ]);
    expect(store.numberLock.$state.get().data?.on).toBe(true);
  });

  it('asks for a change with the new card’s number checked first, then reads the lock again; confirms and cancels', async () => {
    await store.askChangeForm.submit({ kind: 'physical', new_ssn: '123', password: 'pw', step_up_code: '111111' });
    expect(store.askChangeForm.$state.get().fields['new_ssn']).toBe(
      'The SIM number has 19 or 20 digits and starts with 89.',
    );
    expect(panda.sent).toEqual([]);
    const waiting = { id: 1, ssn: SSN, kind: 'esim', state: 'confirm', message: 'Enter the code.' };
    const answers = () =>
      panda.answerWith(({ method }) =>
        method === 'POST'
          ? { status: 202, body: { _payload: { ...waiting, message: 'We have e-mailed a code to a•••@example.com.' } } }
          : method === 'DELETE'
            ? {
                status: 200,
                body: { _payload: { message: 'The change of SIM is cancelled. Your SIM keeps your number.' } },
              }
            : lock(true, [waiting]),
      );
    answers();
    await store.askChangeForm.submit({ kind: 'esim', password: 'pw', step_up_code: '111111' });
    expect(panda.sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', changePath, { kind: 'esim', password: 'pw' }],
      ['GET', lockPath, undefined],
    ]);
    expect(store.askChangeForm.$state.get().result).toBe('We have e-mailed a code to a•••@example.com.');
    expect(store.numberLock.$state.get().data?.changes).toHaveLength(1);

    panda.reset();
    answers();
    await store.confirmChangeForm.submit({ step_up_code: '222222' });
    expect(panda.writes().map((s) => [s.path, s.headers.get('x-step-up-code')])).toEqual([
      [`${changePath}/confirm`, '222222'],
    ]);
    panda.reset();
    answers();
    await store.cancelChange();
    expect(panda.writes().map((s) => [s.method, s.path])).toEqual([['DELETE', changePath]]);
    expect(store.$cancelChange.get().notice).toBe('The change of SIM is cancelled. Your SIM keeps your number.');
  });
});

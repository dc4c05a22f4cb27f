// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { HouseholdRequest } from '../../../contract/household-requests.schema.ts';
import { fakePanda } from '../../testing/fake-panda.ts';

/** Requests to a household without a browser: what the line's form sends for each kind, and an approval paid from the owner's SIM. */
const panda = fakePanda();
const store = await import('./requests-store.ts');
const { setAuthCode, setSessionCookie, clearAllCookies } = await import('../../../lib/session-cookies.ts');

const LINE_SSN = '8935302000000000102';
const household = '/panda/protected/users/11/household';
const list = { status: 200, body: { _payload: {} } };

beforeEach(() => {
  panda.reset();
  clearAllCookies();
  setAuthCode('session-token');
  setSessionCookie('userId', '11');
  store.$answering.set(undefined);
  store.$answered.set(undefined);
  store.askForm.reset();
});

describe('requests to a household', () => {
  it('the line’s form checks what each kind needs before sending, and sends it as the contract names it', async () => {
    await store.askForm.submit({ ssn: LINE_SSN, kind: 'dataCap', gb: '1' });
    expect(store.askForm.$state.get().fields['gb']).toBe('A higher cap is at least 2 GB.');
    await store.askForm.submit({ ssn: LINE_SSN, kind: 'addon', addon: '' });
    expect(store.askForm.$state.get().fields['addon']).toBe('Choose an add-on.');
    expect(panda.sent).toEqual([]);
    panda.answerWith(({ method }) =>
      method === 'POST'
        ? { status: 201, body: { _payload: { message: 'Asked. Your household has been told.' } } }
        : list,
    );
    await store.askForm.submit({ ssn: LINE_SSN, kind: 'credit', amount: '€20.00' });
    await store.askForm.submit({ ssn: LINE_SSN, kind: 'addon', addon: 'BDAO05' });
    await store.askForm.submit({ ssn: LINE_SSN, kind: 'roaming' });
    expect(panda.writes().map((w) => [w.path, w.body])).toEqual([
      [`${household}/lines/${LINE_SSN}/requests`, { kind: 'credit', amount_cents: 2000 }],
      [`${household}/lines/${LINE_SSN}/requests`, { kind: 'addon', sku: 'BDAO05' }],
      [`${household}/lines/${LINE_SSN}/requests`, { kind: 'roaming' }],
    ]);
    expect(store.askForm.$state.get().result).toBe('Asked. Your household has been told.');
  });

  it('an approval pays from the approver’s SIM with an idempotency key, closes its dialog and says what was done', async () => {
    let after = 0;
    store.showRequests({ payer: () => '8935302000000000101', reread: () => (after += 1) });
    store.openAnswer({ id: 7, what: 'Add-on 5 GB', name: 'Aoife Byrne' } as HouseholdRequest, 'approve');
    panda.answerWith(({ method }) =>
      method === 'POST'
        ? { status: 200, body: { _payload: { message: 'Approved: Add-on 5 GB for Aoife Byrne.' } } }
        : list,
    );
    await store.approveForm.submit({ id: '7', payment_type: 'STORED_CARD' });
    const [approve] = panda.writes();
    expect(approve).toMatchObject({
      path: `${household}/requests/7/approve`,
      body: { from_ssn: '8935302000000000101', payment_type: 'STORED_CARD' },
    });
    expect(approve!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.$answering.get()).toBeUndefined();
    expect(store.$answered.get()).toBe('Approved: Add-on 5 GB for Aoife Byrne.');
    expect(after).toBe(1);
  });
});

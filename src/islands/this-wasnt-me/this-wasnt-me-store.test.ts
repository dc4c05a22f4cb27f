// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakePanda } from '../../my48/testing/fake-panda.ts';

/** The "this wasn't me" page's store without a browser: the token from the fragment, in a POST body only; one report. */
const panda = fakePanda();
const store = await import('./this-wasnt-me-store.ts');

const TOKEN = 'A'.repeat(43);
const change = { kind: 'esim', msisdn: '0871234567', at: '', what: 'moved to an eSIM', title: 'Moved', link_until: '' };

beforeEach(() => {
  panda.reset();
  store.$wasntMe.set({ status: 'reading' });
});

describe('this wasn’t me', () => {
  it('a link without its token says so and calls nothing', async () => {
    await store.readLink('');
    expect(store.$wasntMe.get()).toEqual({ status: 'gone', message: store.INCOMPLETE_LINK });
    expect(panda.sent).toEqual([]);
  });

  it('reads the change with the token in the body, then reports it once; the server’s refusal is shown', async () => {
    panda.answerWith(({ path }) =>
      path.endsWith('/change')
        ? { status: 200, body: { _payload: change } }
        : {
            status: 200,
            body: { _payload: { change, line_blocked: true, reference: '48-T-000001', message: 'Blocked.' } },
          },
    );
    await store.readLink(`#token=${TOKEN}`);
    expect(store.$wasntMe.get()).toMatchObject({ status: 'shown', change });
    await store.reportChange();
    await store.reportChange();
    expect(panda.sent.map((s) => [s.method, s.path, s.body, s.query.toString()])).toEqual([
      ['POST', '/panda/public/this-wasnt-me/change', { token: TOKEN }, ''],
      ['POST', '/panda/public/this-wasnt-me', { token: TOKEN }, ''],
    ]);
    expect(store.$wasntMe.get()).toMatchObject({ status: 'reported', report: { reference: '48-T-000001' } });

    panda.reset();
    panda.answerWith(() => ({
      status: 410,
      body: { _payload: { code: 'lineChanges.linkGone', message: 'This link has been used or has expired.' } },
    }));
    await store.readLink(`#token=${TOKEN}`);
    expect(store.$wasntMe.get()).toEqual({ status: 'gone', message: 'This link has been used or has expired.' });
  });
});

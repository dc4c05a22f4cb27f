// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { z } from '../contract/zod.ts';
import { formOptions } from './form.ts';
import { lazyForm } from './lazy-form.ts';
import { UNAVAILABLE } from './lazy-action.ts';

const schema = z.object({ s_city: z.string().min(1, { error: 's_city is required' }) });

describe('lazyForm', () => {
  it('loads its rule and call only on the first submit, busy meanwhile, then runs the one submit cycle', async () => {
    let loads = 0;
    let arrive!: () => void;
    const arrived = new Promise<void>((r) => (arrive = r));
    const form = lazyForm('Checking…', async () => {
      loads++;
      await arrived;
      return formOptions({ schema, labels: { s_city: 'Town or city' }, send: async (d) => d.s_city.toUpperCase() });
    });
    expect(loads).toBe(0);
    expect(form.$state.get()).toEqual({ busy: false, fields: {} });

    const first = form.submit({ s_city: '' });
    expect(form.$state.get()).toMatchObject({ busy: true, busyLabel: 'Checking…' });
    arrive();
    await first;
    expect(form.$state.get()).toEqual({ busy: false, fields: { s_city: 'Town or city is required' } });

    await form.submit({ s_city: 'Galway' });
    expect(form.$state.get()).toEqual({ busy: false, fields: {}, result: 'GALWAY' });
    expect(loads).toBe(1);
  });

  it('says so when its code cannot load, and loads again on the next submit', async () => {
    let tries = 0;
    const form = lazyForm('Checking…', async () => {
      if (++tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return formOptions({ schema, send: async () => 'ok' });
    });
    await form.submit({ s_city: 'Cork' });
    expect(form.$state.get()).toEqual({ busy: false, fields: {}, error: UNAVAILABLE });
    await form.submit({ s_city: 'Cork' });
    expect(form.$state.get()).toEqual({ busy: false, fields: {}, result: 'ok' });
    expect(tries).toBe(2);
  });
});

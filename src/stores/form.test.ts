// @vitest-environment happy-dom
import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { z } from '../contract/zod.ts';
import { formStore } from './form.ts';

const schema = z.object({ s_city: z.string().min(1, { error: 's_city is required' }) });

describe('formStore', () => {
  it('shows the rule’s problem with the label and does not send', async () => {
    let sent = 0;
    const form = formStore({ schema, labels: { s_city: 'Town or city' }, send: async () => ++sent });
    await form.submit({ s_city: '' });
    expect(form.$state.get()).toEqual({ busy: false, fields: { s_city: 'Town or city is required' } });
    expect(sent).toBe(0);
  });

  it('is busy while sending, then holds the result', async () => {
    let release!: (v: string) => void;
    const form = formStore({
      schema,
      busyLabel: 'Saving…',
      send: (data) => new Promise<string>((r) => (release = () => r(data.s_city))),
    });
    const done = form.submit({ s_city: 'Cork' });
    expect(form.$state.get()).toMatchObject({ busy: true, busyLabel: 'Saving…' });
    release('');
    await done;
    expect(form.$state.get()).toEqual({ busy: false, fields: {}, result: 'Cork' });
  });

  it('takes one submit at a time: a second while the first is busy sends nothing', async () => {
    let sent = 0;
    let release!: () => void;
    const form = formStore({
      schema,
      send: () => {
        sent++;
        return new Promise<number>((r) => (release = () => r(sent)));
      },
    });
    const first = form.submit({ s_city: 'Cork' });
    await form.submit({ s_city: 'Galway' });
    expect(sent).toBe(1);
    release();
    await first;
    expect(form.$state.get().result).toBe(1);
    // Once done, the next is taken.
    const next = form.submit({ s_city: 'Galway' });
    release();
    await next;
    expect(sent).toBe(2);
  });

  it('shows the API’s message when the call fails, and a step label while busy', async () => {
    const labels: string[] = [];
    const form = formStore({
      schema,
      send: async (_data, step) => {
        step('Placing your order…');
        labels.push(form.$state.get().busyLabel ?? '');
        const error = new FetchError('409');
        Object.assign(error, { data: { _payload: { message: 'Already on its way.' } } });
        throw error;
      },
    });
    await form.submit({ s_city: 'Cork' });
    expect(labels).toEqual(['Placing your order…']);
    expect(form.$state.get()).toEqual({ busy: false, fields: {}, error: 'Already on its way.' });
  });
});

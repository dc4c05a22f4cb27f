import { describe, expect, it } from 'vitest';
import { ShownError } from '../lib/http.ts';
import { actionStore } from './action.ts';

describe('actionStore: the one cycle of an action that is not a form', () => {
  it('busy with its kind, then the notice it answers', async () => {
    const store = actionStore<'cap' | 'continue'>();
    let finish: (notice: string) => void = () => {};
    const running = store.run('cap', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(store.$state.get()).toEqual({ busy: 'cap' });
    finish('Saved.');
    await running;
    expect(store.$state.get()).toEqual({ notice: 'Saved.' });
  });

  it('one at a time: another action while one is busy does nothing', async () => {
    const store = actionStore<'cap' | 'continue'>();
    let calls = 0;
    let finish: () => void = () => {};
    const first = store.run('cap', async () => {
      calls++;
      await new Promise<void>((resolve) => (finish = resolve));
      return 'first';
    });
    await store.run('continue', async () => {
      calls++;
      return 'second';
    });
    finish();
    await first;
    expect([calls, store.$state.get().notice]).toEqual([1, 'first']);
  });

  it("a failure shows the API's message, or the action's own words when there is none; reset clears it", async () => {
    const store = actionStore<'block'>();
    await store.run('block', () => Promise.reject(new ShownError('That SIM is blocked already.')));
    expect(store.$state.get()).toEqual({ error: 'That SIM is blocked already.' });
    await store.run('block', () => Promise.reject(new Error('network')), 'That did not work. Please try again.');
    expect(store.$state.get()).toEqual({ error: 'That did not work. Please try again.' });
    store.reset();
    expect(store.$state.get()).toEqual({});
  });
});

import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { loader } from './loader.ts';

const apiError = (status: number, message: string, code: string) =>
  Object.assign(new FetchError(message), { status, data: { _payload: { message, code } } });

describe('loader: the one data-loading cycle of my48 stores', () => {
  it('goes loading → ready with the data', async () => {
    const l = loader(async (id: string) => ({ id }), 'Could not load.');
    const done = l.load('a');
    expect(l.$state.get()).toMatchObject({ status: 'loading', key: 'a' });
    await done;
    expect(l.$state.get()).toEqual({ status: 'ready', key: 'a', data: { id: 'a' } });
  });

  it("keeps the API's message and code on failure, the fallback for anything else, and retries the same key", async () => {
    let calls = 0;
    const l = loader(async (id: string) => {
      calls++;
      if (calls === 1) throw apiError(404, 'There is no such receipt.', 'receipts.notFound');
      if (calls === 2) throw new TypeError('network');
      return id;
    }, 'Could not load.');
    await l.load('r1');
    expect(l.$state.get()).toMatchObject({
      status: 'error',
      error: 'There is no such receipt.',
      errorCode: 'receipts.notFound',
    });
    await l.retry();
    expect(l.$state.get()).toMatchObject({
      status: 'error',
      key: 'r1',
      error: 'Could not load.',
      errorCode: undefined,
    });
    await l.retry();
    expect(l.$state.get()).toEqual({ status: 'ready', key: 'r1', data: 'r1' });
  });

  it('drops an answer that comes after another key was asked for', async () => {
    const waits: Record<string, (v: string) => void> = {};
    const l = loader((id: string) => new Promise<string>((resolve) => (waits[id] = resolve)), 'x');
    const first = l.load('a');
    const second = l.load('b');
    waits['b']!('B');
    await second;
    waits['a']!('A');
    await first;
    expect(l.$state.get()).toEqual({ status: 'ready', key: 'b', data: 'B' });
  });

  it('shows the data of the same key while it is read again, none of another', async () => {
    const l = loader(async (id: string) => id.toUpperCase(), 'x');
    await l.load('a');
    const again = l.load('a');
    expect(l.$state.get()).toMatchObject({ status: 'loading', data: 'A' });
    await again;
    const other = l.load('b');
    expect(l.$state.get().data).toBeUndefined();
    await other;
  });

  it('keepWhileLoading: the data of the key before stays shown while another is read', async () => {
    let release: (v: string) => void = () => undefined;
    const l = loader(
      (page: number) => (page === 1 ? Promise.resolve('p1') : new Promise<string>((r) => (release = r))),
      'x',
      {
        keepWhileLoading: true,
      },
    );
    await l.load(1);
    const next = l.load(2);
    expect(l.$state.get()).toEqual({ status: 'loading', key: 2, data: 'p1' });
    release('p2');
    await next;
    expect(l.$state.get()).toEqual({ status: 'ready', key: 2, data: 'p2' });
    // Without it, another key starts empty.
    const plain = loader(async (page: number) => `p${page}`, 'x');
    await plain.load(1);
    void plain.load(2);
    expect(plain.$state.get()).toEqual({ status: 'loading', key: 2, data: undefined });
  });
});

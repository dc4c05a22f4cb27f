import { describe, expect, it } from 'vitest';
import { batched } from './batch.ts';
import type { Database } from './client.ts';

const fakeDb = () => ({}) as Database;

/** A loader that records each batch it is given and answers every key with its double. */
function recorder() {
  const batches: number[][] = [];
  const load = async (_db: Database, keys: readonly number[]) => {
    batches.push([...keys]);
    return keys.map((k) => k * 2);
  };
  return { batches, load };
}

describe('batched reads', () => {
  it('answers the calls made together with one load, each with its own answer, in order', async () => {
    const { batches, load } = recorder();
    const db = fakeDb();
    const answers = await Promise.all([3, 1, 2, 1].map((k) => batched(db, 'double', load).load(k)));
    expect(answers).toEqual([6, 2, 4, 2]);
    expect(batches).toEqual([[3, 1, 2, 1]]);
  });

  it('collects calls from separate callbacks until the check phase (requests read in one go)', async () => {
    const { batches, load } = recorder();
    const db = fakeDb();
    // Two callbacks of one loop phase (as the requests of one socket read are): the first asks for the
    // dispatch (a setImmediate queued after the second callback), so the second joins its batch.
    // Timers were used here once, and two due together sometimes ran in two phases on a busy machine.
    const answers = await Promise.all(
      [1, 2].map(
        (k) => new Promise<number>((resolve) => setImmediate(() => resolve(batched(db, 'double', load).load(k)))),
      ),
    );
    expect(answers).toEqual([2, 4]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('caches nothing: a call after a batch went out starts a new one, and asks again', async () => {
    const { batches, load } = recorder();
    const db = fakeDb();
    expect(await batched(db, 'double', load).load(5)).toBe(10);
    expect(await batched(db, 'double', load).load(5)).toBe(10);
    expect(batches).toEqual([[5], [5]]);
  });

  it('fails only the call whose answer is an Error, and every call of a batch whose load throws', async () => {
    const db = fakeDb();
    const oneBad = batched(db, 'one-bad', async (_db, keys: readonly number[]) =>
      keys.map((k) => (k === 2 ? new Error('no 2') : k)),
    );
    const results = await Promise.allSettled([1, 2, 3].map((k) => oneBad.load(k)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    const down = batched(db, 'down', async (): Promise<number[]> => {
      throw new Error('database unreachable');
    });
    const all = await Promise.allSettled([1, 2].map((k) => down.load(k)));
    expect(all.every((r) => r.status === 'rejected' && String(r.reason).includes('database unreachable'))).toBe(true);
  });

  it('splits a batch past 100 keys, and keeps databases and names apart', async () => {
    const { batches, load } = recorder();
    const [a, b] = [fakeDb(), fakeDb()];
    const keys = Array.from({ length: 150 }, (_, i) => i);
    await Promise.all([
      ...keys.map((k) => batched(a, 'double', load).load(k)),
      batched(b, 'double', load).load(7),
      batched(a, 'other', load).load(8),
    ]);
    expect(batches.map((x) => x.length).sort((x, y) => x - y)).toEqual([1, 1, 50, 100]);
  });
});

import pino from 'pino';
import { expect, it } from 'vitest';
import type { JobsContext } from './scheduler.ts';
import { MINUTE_JOBS, runMinuteJobs, type MinuteJob } from './scheduler.ts';

it('the minute’s jobs run one after another in their declared order; each logs only when it did something', async () => {
  const ran: string[] = [];
  const lines: { msg: string; [key: string]: unknown }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) },
  );
  const job = (key: string, done: number | Record<string, number> | undefined, ms: number): MinuteJob => ({
    key,
    said: `${key} done`,
    run: async () => {
      await new Promise((r) => setTimeout(r, ms));
      ran.push(key);
      return done;
    },
  });
  // The slow first job still finishes before the second starts.
  await runMinuteJobs({} as JobsContext, log, [
    job('first', 2, 30),
    job('second', 0, 0),
    job('third', { a: 0, b: 1 }, 0),
    job('fourth', undefined, 0),
  ]);
  expect(ran).toEqual(['first', 'second', 'third', 'fourth']);
  expect(lines.map((l) => [l.msg, l[l.msg.split(' ')[0]!]])).toEqual([
    ['first done', 2],
    ['third done', { a: 0, b: 1 }],
  ]);
  // A job that fails stops the turn (the scheduler reports it; the next turn starts again from the top).
  await expect(
    runMinuteJobs({} as JobsContext, log, [
      { key: 'x', said: 'x', run: () => Promise.reject(new Error('database away')) },
      job('after', 1, 0),
    ]),
  ).rejects.toThrow('database away');
  expect(ran).not.toContain('after');
});

it('renewals come first and Spot me returns right after, so that lent data comes back into the renewed membership', () => {
  expect(MINUTE_JOBS.slice(0, 2).map((j) => j.key)).toEqual(['renewals', 'spotReturns']);
  expect(MINUTE_JOBS.at(-1)!.key).toBe('pruned');
});

import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('isDatabaseUnavailable', () => {
  it('knows a lost or unreachable database, also wrapped by drizzle', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    for (const error of [
      shutdown,
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Failed query: select 1', { cause: shutdown }),
      Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {}),
    ])
      expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
  });

  it('a wrong query or a broken rule is not an outage', () => {
    for (const error of [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error at or near'), { code: '42601' }),
      new TypeError('Cannot read properties of undefined'),
      'a string',
      undefined,
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

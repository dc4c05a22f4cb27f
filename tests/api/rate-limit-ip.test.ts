import { expect, it } from 'vitest';
import { forEachDatabase } from './harness.ts';

const attempt = (ctx: ReturnType<Parameters<Parameters<typeof forEachDatabase>[1]>[0]>, username: string, password: string) =>
  ctx.app.request('/panda/public/users/current', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  });

forEachDatabase(
  'rate_limit_ip',
  (ctx) => {
    it('limits every attempt per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await attempt(ctx(), `nobody${i}@example.com`, 'x')).status);
      expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429]);
    }, 60_000);
  },
  { windowMs: 60_000, loginFailuresPerAccount: 1000, loginPerIp: 5 },
);

import { expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { isSharedDatabase } from '../../../src/server/db/client.ts';
import { rateLimits } from '../../../src/server/db/schema.ts';
import { expireRateLimits } from '../../../src/server/http/limiters.ts';
import { attemptLogin, forEachDatabase } from '../support/harness.ts';

/**
 * docs/product/production.md "Several instances": on PostgreSQL the rate-limit counters live in the database, so two
 * instances (two apps on one database) allow the limit once between them, also for requests at once.
 */
forEachDatabase(
  'shared_limits',
  { seed: 'catalogue', rateLimit: { windowMs: 60_000, loginFailuresPerAccount: 1000, loginPerIp: 4 } },
  (ctx) => {
    it('two instances on one database count the log-in limit together (in memory on the embedded database)', async () => {
      const c = ctx();
      const second = {
        ...c,
        app: createApp({ db: c.handle.db, config: c.config, clock: () => c.clock.now, payments: c.payments }),
      };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await attemptLogin(c, `nobody${i}@example.com`, 'x')).status);
        statuses.push((await attemptLogin(second, `nobody${i}@example.com`, 'x')).status);
      }
      if (isSharedDatabase(c.handle.db)) {
        expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
        expect(await c.handle.db.select().from(rateLimits)).not.toHaveLength(0);
        // Counters whose window has ended are removed by the minute job; live ones stay.
        expect(await expireRateLimits({ db: c.handle.db, clock: () => new Date() })).toBe(0);
        expect(await expireRateLimits({ db: c.handle.db, clock: () => new Date(Date.now() + 61_000) })).toBeGreaterThan(
          0,
        );
        expect(await c.handle.db.select().from(rateLimits)).toHaveLength(0);
      } else {
        // One process per embedded database: each app counts its own (3 each, under the limit of 4).
        expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
      }
    });

    it('twenty attempts at once across two instances: exactly the limit answered', async () => {
      const c = ctx();
      if (!isSharedDatabase(c.handle.db)) return;
      const second = {
        ...c,
        app: createApp({ db: c.handle.db, config: c.config, clock: () => c.clock.now, payments: c.payments }),
      };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => attemptLogin(i % 2 ? second : c, `burst${i}@example.com`, 'x')),
      );
      expect(results.filter((r) => r.status === 401)).toHaveLength(4);
      expect(results.filter((r) => r.status === 429)).toHaveLength(16);
    });
  },
);

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBy } from './limiters.ts';

describe('limitBy', () => {
  it('lets exactly the limit through when the requests arrive together, and refuses the rest', async () => {
    const app = new Hono();
    app.use(
      '*',
      limitBy(60_000, 10, () => 'one-key'),
    );
    app.get('/', (c) => c.text('ok'));
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => app.request('/')))).map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(10);
    expect(statuses.filter((st) => st === 429)).toHaveLength(10);
  });
});

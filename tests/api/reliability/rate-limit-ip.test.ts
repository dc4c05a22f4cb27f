import { expect, it } from 'vitest';
import { createMember } from '../support/builders.ts';
import { attemptLogin, forEachDatabase } from '../support/harness.ts';

forEachDatabase(
  'rate_limit_ip',
  { seed: 'catalogue', rateLimit: { windowMs: 60_000, loginFailuresPerAccount: 1000, loginPerIp: 5 } },
  (ctx) => {
    it('limits every attempt per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await attemptLogin(ctx(), `nobody${i}@example.com`, 'x')).status);
      expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429]);
    }, 60_000);
  },
);

forEachDatabase('rate_limit_recovery', { seed: 'catalogue', rateLimit: { windowMs: 60_000 } }, (ctx) => {
  it('limits reset e-mails per account: the sixth request in the window is refused and sends nothing', async () => {
    const ask = (email: string) =>
      ctx().app.request('/panda/public/users/password-recovery', {
        method: 'POST',
        body: new URLSearchParams({ email }),
      });
    const one = await createMember(ctx(), { email: 'limited.member@example.com' });
    const other = await createMember(ctx());
    for (let i = 0; i < 5; i++) expect((await ask(one.email)).status).toBe(200);
    // The same account in other letters is the same account.
    expect((await ask('Limited.Member@example.com')).status).toBe(429);
    expect((await ask(other.email)).status).toBe(200);
    const { _payload } = await (await ctx().app.request('/sandbox/mail.json')).json();
    expect(_payload.values.filter((m: { to: string }) => m.to === one.email)).toHaveLength(5);
  });
});

import { and, desc, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import * as schema from '../../src/server/db/schema.ts';
import { createMember, signIn } from './builders.ts';
import { forEachDatabase, type TestContext } from './harness.ts';

/**
 * Trust: what a client chooses (its Host, X-Forwarded-Host, a `next` path) never decides where a
 * member's token or session goes; each finding of the security review reproduced as an attacker
 * would send it.
 */

/** The newest mail to an address whose subject contains `subject`. */
async function newestMail(c: TestContext, to: string, subject: string) {
  const [mail] = await c.handle.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.to, to), like(schema.outbox.subject, `%${subject}%`)))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail "${subject}" to ${to}`);
  return mail.body;
}

/** Every http(s) link in a text. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0]);

/** An app behind a trusted proxy at 10.0.0.0/8, as deploy/ runs it. */
const behindProxy = (c: TestContext) =>
  createApp({
    db: c.handle.db,
    config: { ...c.config, trustProxy: ['10.0.0.0/8'] },
    clock: () => c.clock.now,
    payments: c.payments,
  });

/** A request that arrives from `peer` for `url` (its host is the Host header the client chose). */
const arriving = (
  app: ReturnType<typeof createApp>,
  peer: string,
  url: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) =>
  app.request(url, init, {
    incoming: { socket: { remoteAddress: peer, remotePort: 40_000, remoteFamily: 'IPv4' } },
  });

forEachDatabase(
  'trust',
  (ctx) => {
    it('a reset link goes to SITE_URL whatever Host or X-Forwarded-Host the request names', async () => {
      const c = ctx();
      const member = await createMember(c);
      const site = new URL(c.config.siteUrl).origin;
      const reset = (headers: Record<string, string>, url: string) =>
        arriving(behindProxy(c), '10.0.0.5', url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams({ email: member.email }),
        });
      for (const [url, headers] of [
        ['http://evil.example/panda/public/users/password-recovery', {}],
        ['http://portal-1:4321/panda/public/users/password-recovery', { 'x-forwarded-host': 'evil.example' }],
        [
          'http://portal-1:4321/panda/public/users/password-recovery',
          { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        ],
      ] as const) {
        const res = await reset(headers, url);
        expect(res.status).toBe(200);
        const links = linksIn(await newestMail(c, member.email, 'new password'));
        expect(links).toHaveLength(1);
        expect(links[0]).toMatch(new RegExp(`^${site}/forgot-password\\?token=`));
      }
    });

    it('a sign-up verification link goes to SITE_URL, not the request’s host', async () => {
      const c = ctx();
      const member = await createMember(c, { verified: false });
      const session = await signIn(c, member);
      const res = await arriving(
        behindProxy(c),
        '10.0.0.5',
        `http://evil.example/panda/protected/users/${member.userId}/generate-token`,
        { method: 'POST', headers: { ...session.headers, 'x-forwarded-host': 'evil.example' } },
      );
      expect(res.status).toBe(200);
      const links = linksIn(await newestMail(c, member.email, 'Verify'));
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(new RegExp(`^${new URL(c.config.siteUrl).origin}/sign-up\\?verify=`));
    });
  },
  {},
  'catalogue',
);

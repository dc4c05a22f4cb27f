import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/router.ts';
import { DEMO_MEMBERS } from './demo-members.ts';
import { createHousehold, createMember, uniqueTail, type MadeMember, type MemberSpec } from './members.ts';
import { demoState } from './seed.ts';

/**
 * The member factory over HTTP, for the browser journeys (whose server keeps its database in its own
 * process): each journey makes the member it needs, so no journey writes to a member another reads.
 * Mounted only with TEST_MEMBERS=true, which production refuses (env.ts).
 *
 * `like` names a demo member (the part of its e-mail before the @): the new member is a copy of that
 * state (names, credit, membership, history, password; a household's lines copied too) with its own
 * e-mail, SIM and number (and a complaint's own reference). `spec` adds to it or, alone, is the whole state.
 */
const body = z.strictObject({
  like: z.string().optional(),
  spec: z.record(z.string(), z.unknown()).optional(),
});

export function testMemberRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/sandbox/test-members', async (c) => {
    const parsed = body.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'Give { like?: a demo member, spec?: a member spec }.' }, 400);
    const { like, spec = {} } = parsed.data;
    const demo = like === undefined ? undefined : DEMO_MEMBERS.find((d) => d.email === `${like}@example.com`);
    if (like !== undefined && !demo) return c.json({ error: `No demo member ${like}@example.com.` }, 400);
    const now = c.var.clock();
    // A copy has an address and a recruit id of its own (the demo one's with a tail: both are unique).
    const copy = (d: (typeof DEMO_MEMBERS)[number]): MemberSpec => {
      const state = demoState(d);
      return {
        ...state,
        email: `${d.email.split('@')[0]}-${uniqueTail()}@example.com`,
        ...(state.affiliateId ? { affiliateId: `${state.affiliateId}${uniqueTail()}`.slice(0, 32) } : {}),
        // A complaint of its own: the demo one's fixed reference is the demo member's alone.
        ...(state.complaint ? { complaint: { ...state.complaint, number: undefined } } : {}),
      };
    };
    const answer = (m: MadeMember) => ({
      affiliateId: m.affiliateId,
      email: m.email,
      password: m.password,
      userId: m.memberId,
      ssn: m.ssn,
      msisdn: m.msisdn,
    });
    const made = await createMember(c.var.db, now, { ...(demo ? copy(demo) : {}), ...(spec as MemberSpec) });
    const lines: MadeMember[] = [];
    for (const email of demo?.household ?? [])
      lines.push(await createMember(c.var.db, now, copy(DEMO_MEMBERS.find((d) => d.email === email)!)));
    if (lines.length > 0)
      await createHousehold(
        c.var.db,
        now,
        made.memberId,
        lines.map((l) => l.ssn),
      );
    return c.json({ ...answer(made), lines: lines.map(answer) }, 201);
  });
  return app;
}

import { createRoute, z } from '@hono/zod-openapi';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { BalanceSummarySchema, ErrorSchema, SimSchema, TransactionSchema } from '../../contract/account.ts';
import { messages } from '../../contract/messages.ts';
import { balances, ledger, memberships, notifications, segments, sims } from '../db/schema.ts';
import { fail, jsonContent, router } from '../http.ts';
import { balanceSummary } from '../services/balance-summary.ts';
import { errorResponses, protectedHeaders, userParams } from './auth.ts';

const payload = <T extends z.ZodType>(schema: T) => z.object({ _payload: schema });

export function accountRoutes() {
  const app = router();

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/segments', tags: ['Account'], summary: 'The member’s segments (port-in in progress, …)',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(payload(z.object({ values: z.array(z.object({ segment_type: z.string() })) })), 'Segments'), ...errorResponses },
    }),
    async (c) => {
      const rows = await c.var.db.select({ segment_type: segments.segmentType }).from(segments).where(eq(segments.memberId, c.var.member.id));
      return c.json({ _payload: { values: rows } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/sims/owned', tags: ['Account'], summary: 'The member’s SIMs; 400 while activation is in progress',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _meta: z.object({ total: z.number().int() }), _payload: z.object({ values: z.array(SimSchema) }) }), 'SIMs'), ...errorResponses },
    }),
    async (c) => {
      const rows = await c.var.db.select().from(sims).where(and(eq(sims.memberId, c.var.member.id), ne(sims.status, 'inactive')));
      if (rows.some((s) => s.status === 'activating')) return fail(c, 400, messages.activationInProgress);
      const values = rows.map((s) => ({ ssn: s.ssn, msisdn: s.msisdn, product: s.product, requester: s.requester }));
      return c.json({ _meta: { total: values.length }, _payload: { values } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/sims/{ssn}/balance/summary/current', tags: ['Account'],
      summary: 'This month’s balance summary of one SIM',
      request: { headers: protectedHeaders, params: userParams.extend({ ssn: z.string().regex(/^[0-9]{10,22}$/, { error: 'must be 10 to 22 digits' }) }) },
      responses: {
        200: jsonContent(payload(z.object({ current_month_balance_summary: BalanceSummarySchema })), 'Balance summary'),
        504: { description: 'The billing platform does not answer', content: { 'application/json': { schema: ErrorSchema } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const outcome = await balanceSummary(c.var.db, c.var.member.id, c.req.valid('param').ssn, c.var.clock);
      if (outcome.status === 504) return fail(c, 504, outcome.message);
      if (outcome.status === 400) return fail(c, 400, outcome.message);
      if (outcome.status === 403) return fail(c, 403, outcome.message);
      return c.json({ _payload: { current_month_balance_summary: outcome.summary } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/notification/inapp/summary', tags: ['Account'], summary: 'In-app notifications: unread count and latest',
      request: { headers: protectedHeaders, params: userParams },
      responses: {
        200: jsonContent(payload(z.object({ unread: z.number().int(), total: z.number().int(), latest: z.array(z.object({ id: z.number().int(), title: z.string(), body: z.string(), read: z.boolean(), created_at: z.string() })) })), 'Summary'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const rows = await c.var.db.select().from(notifications).where(eq(notifications.memberId, c.var.member.id)).orderBy(desc(notifications.createdAt));
      const latest = rows.slice(0, 5).map((n) => ({ id: n.id, title: n.title, body: n.body, read: n.read, created_at: n.createdAt.toISOString() }));
      return c.json({ _payload: { unread: rows.filter((n) => !n.read).length, total: rows.length, latest } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/flexidata/getislegacyuser', tags: ['Account'], summary: 'Whether the member is on a legacy membership',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(payload(z.object({ isLegacyUser: z.boolean(), legacyUserDetails: z.object({ memberShipType: z.string().nullable() }) })), 'Legacy status'), ...errorResponses },
    }),
    async (c) => {
      const type = c.var.member.legacyType;
      return c.json({ _payload: { isLegacyUser: type !== null, legacyUserDetails: { memberShipType: type } } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/iseligibleforbulkmembership', tags: ['Account'],
      summary: 'Whether the member may buy the bulk membership (BDDVBL00): an active SIM with credit details and a membership bought before',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(payload(z.object({ eligible: z.boolean() })), 'Eligibility'), ...errorResponses },
    }),
    async (c) => {
      const [row] = await c.var.db
        .select({ n: count() })
        .from(sims)
        .innerJoin(balances, eq(balances.ssn, sims.ssn))
        .innerJoin(memberships, eq(memberships.ssn, sims.ssn))
        .where(and(eq(sims.memberId, c.var.member.id), eq(sims.status, 'active')));
      return c.json({ _payload: { eligible: (row?.n ?? 0) > 0 } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/transactions', tags: ['Account'], summary: 'Money movements, newest first, paged',
      request: {
        headers: protectedHeaders,
        params: userParams,
        query: z.object({
          page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).max(10_000).default(1),
          limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, { error: 'limit must be 100 or less' }).default(20),
        }),
      },
      responses: {
        200: jsonContent(z.object({ _meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }), _payload: z.object({ values: z.array(TransactionSchema) }) }), 'Transactions'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { page, limit } = c.req.valid('query');
      const mine = and(eq(sims.memberId, c.var.member.id), ne(ledger.creditDeltaCents, 0));
      const [total] = await c.var.db.select({ n: count() }).from(ledger).innerJoin(sims, eq(sims.ssn, ledger.ssn)).where(mine);
      const rows = await c.var.db
        .select({ id: ledger.id, date: ledger.occurredAt, description: ledger.description, amount: ledger.creditDeltaCents })
        .from(ledger)
        .innerJoin(sims, eq(sims.ssn, ledger.ssn))
        .where(mine)
        .orderBy(desc(ledger.occurredAt), desc(ledger.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const values = rows.map((r) => ({ ...r, date: r.date.toISOString() }));
      return c.json({ _meta: { total: total?.n ?? 0, page, limit }, _payload: { values } }, 200);
    },
  );

  return app;
}


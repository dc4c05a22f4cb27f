import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, gte, isNull, ne } from 'drizzle-orm';
import { MarketingPermissionsSchema, NameBodySchema, PasswordChangeSchema, AccountSchema } from '../../contract/account.ts';
import { accountMessages } from '../../contract/messages.ts';
import { dailyUsage, ledger, marketingPermissions, members, memberships, products, sessions, sims } from '../db/schema.ts';
import { fail, jsonContent, router } from '../http.ts';
import { dayOf } from '../services/calendar.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { accountOf, errorResponses, protectedHeaders, userParams } from './auth.ts';

const simParams = userParams.extend({ ssn: z.string().regex(/^[0-9]{10,22}$/, { error: 'must be 10 to 22 digits' }) });

const permissionsOf = (p: typeof marketingPermissions.$inferSelect | undefined) => ({
  email: p?.email ?? false, sms: p?.sms ?? false, phone: p?.phone ?? false, post: p?.post ?? false, social: p?.social ?? false,
  // Spec section 9: the default social-media preference is Snapchat.
  social_preference: (p?.socialPreference ?? 'Snapchat') as z.infer<typeof MarketingPermissionsSchema>['social_preference'],
});

export function profileRoutes() {
  const app = router();

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/purchase/details', tags: ['Account'], summary: 'The member’s latest purchase and current membership',
      request: { headers: protectedHeaders, params: userParams },
      responses: {
        200: jsonContent(z.object({ _payload: z.object({
          has_purchased: z.boolean(),
          last_purchase: z.object({ date: z.string(), description: z.string(), amount: z.number().int() }).nullable(),
          current_membership: z.object({ sku: z.string(), name: z.string(), price_cents: z.number().int(), starts_at: z.string(), ends_at: z.string() }).nullable(),
        }) }), 'Purchase details'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const memberId = c.var.member.id;
      const [last] = await c.var.db
        .select({ date: ledger.occurredAt, description: ledger.description, amount: ledger.creditDeltaCents })
        .from(ledger).innerJoin(sims, eq(sims.ssn, ledger.ssn))
        .where(and(eq(sims.memberId, memberId), eq(ledger.kind, 'purchase')))
        .orderBy(desc(ledger.occurredAt)).limit(1);
      const [current] = await c.var.db
        .select({ sku: memberships.sku, name: products.name, price: products.priceCents, starts: memberships.startsAt, ends: memberships.endsAt })
        .from(memberships).innerJoin(sims, eq(sims.ssn, memberships.ssn)).innerJoin(products, eq(products.sku, memberships.sku))
        .where(and(eq(sims.memberId, memberId), eq(memberships.status, 'current')));
      return c.json({ _payload: {
        has_purchased: Boolean(last),
        last_purchase: last ? { date: last.date.toISOString(), description: last.description, amount: last.amount } : null,
        current_membership: current ? { sku: current.sku, name: current.name, price_cents: current.price, starts_at: current.starts.toISOString(), ends_at: current.ends.toISOString() } : null,
      } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/sims/{ssn}/usage/daily', tags: ['Account'], summary: 'Daily use in the current membership period, oldest first',
      request: { headers: protectedHeaders, params: simParams },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ values: z.array(z.object({ day: z.string(), data_kb: z.number().int(), minutes: z.number().int(), texts: z.number().int() })) }) }), 'Daily use'), ...errorResponses },
    }),
    async (c) => {
      const { ssn } = c.req.valid('param');
      const [current] = await c.var.db.select({ starts: memberships.startsAt }).from(memberships).where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'current')));
      if (!current) return c.json({ _payload: { values: [] } }, 200);
      const rows = await c.var.db.select().from(dailyUsage).where(and(eq(dailyUsage.ssn, ssn), gte(dailyUsage.day, dayOf(current.starts)))).orderBy(asc(dailyUsage.day));
      return c.json({ _payload: { values: rows.map((r) => ({ day: r.day, data_kb: r.dataKb, minutes: r.minutes, texts: r.texts })) } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/sims/{ssn}/puk', tags: ['Account'], summary: 'The SIM’s PUK code',
      request: { headers: protectedHeaders, params: simParams },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ puk: z.string() }) }), 'PUK'), ...errorResponses },
    }),
    async (c) => {
      const [sim] = await c.var.db.select({ puk: sims.puk }).from(sims).where(eq(sims.ssn, c.req.valid('param').ssn));
      return c.json({ _payload: { puk: sim!.puk } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/details', tags: ['Settings'], summary: 'The member’s own account and e-mail address (settings)',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ account: AccountSchema, email: z.string() }) }), 'The account'), ...errorResponses },
    }),
    (c) => c.json({ _payload: { account: accountOf(c.var.member), email: c.var.member.email } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/panda/protected/users/{user_id}/name', tags: ['Settings'], summary: 'Change the member’s name',
      request: { headers: protectedHeaders, params: userParams, body: { required: true, content: { 'application/json': { schema: NameBodySchema } } } },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ account: AccountSchema }) }), 'Updated'), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const [member] = await c.var.db
        .update(members)
        .set({ firstname: body.firstname, lastname: body.lastname, ...(body.nickname ? { nickname: body.nickname } : {}) })
        .where(eq(members.id, c.var.member.id))
        .returning();
      return c.json({ _payload: { account: accountOf(member!) } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/marketing-permissions', tags: ['Settings'], summary: 'Marketing permissions per channel',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _payload: MarketingPermissionsSchema }), 'Permissions'), ...errorResponses },
    }),
    async (c) => {
    const [row] = await c.var.db.select().from(marketingPermissions).where(eq(marketingPermissions.memberId, c.var.member.id));
    return c.json({ _payload: permissionsOf(row) }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'put', path: '/panda/protected/users/{user_id}/marketing-permissions', tags: ['Settings'], summary: 'Change marketing permissions',
      request: { headers: protectedHeaders, params: userParams, body: { required: true, content: { 'application/json': { schema: MarketingPermissionsSchema } } } },
      responses: { 200: jsonContent(z.object({ _payload: MarketingPermissionsSchema }), 'Permissions'), ...errorResponses },
    }),
    async (c) => {
      const b = c.req.valid('json');
      const values = { email: b.email, sms: b.sms, phone: b.phone, post: b.post, social: b.social, socialPreference: b.social_preference, updatedAt: c.var.clock() };
      const [row] = await c.var.db
        .insert(marketingPermissions)
        .values({ memberId: c.var.member.id, ...values })
        .onConflictDoUpdate({ target: marketingPermissions.memberId, set: values })
        .returning();
      await c.var.db.update(members).set({ captureMarketingPermissions: false }).where(eq(members.id, c.var.member.id));
      return c.json({ _payload: permissionsOf(row) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/panda/protected/users/{user_id}/password', tags: ['Settings'], summary: 'Change the password; every other session ends',
      request: { headers: protectedHeaders, params: userParams, body: { required: true, content: { 'application/json': { schema: PasswordChangeSchema } } } },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ message: z.string() }) }), 'Changed'), ...errorResponses },
    }),
    async (c) => {
      const { current_password, new_password } = c.req.valid('json');
      if (!(await verifyPassword(current_password, c.var.member.passwordHash))) return fail(c, 400, accountMessages.wrongCurrentPassword);
      const passwordHash = await hashPassword(new_password);
      await c.var.db.transaction(async (tx) => {
        await tx.update(members).set({ passwordHash, isPasswordCompliant: true }).where(eq(members.id, c.var.member.id));
        await tx
          .update(sessions)
          .set({ endedAt: c.var.clock() })
          .where(and(eq(sessions.memberId, c.var.member.id), ne(sessions.id, c.var.sessionId), isNull(sessions.endedAt)));
      });
      return c.json({ _payload: { message: accountMessages.passwordChanged } }, 200);
    },
  );

  return app;
}

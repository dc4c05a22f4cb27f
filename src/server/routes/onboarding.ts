import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { ActivateSimBodySchema, FreeSimOrderSchema, OrderSchema, SimSchema } from '../../contract/account.ts';
import { formatEircode } from '../../contract/forms.ts';
import { FREE_SIM_SKU } from '../../contract/constants.ts';
import { onboardingMessages } from '../../contract/messages.ts';
import { orders } from '../db/schema.ts';
import { isUniqueViolation } from '../db/client.ts';
import { fail, jsonContent, router, type AppConfig } from '../http.ts';
import type { CaptchaAdapter } from '../integrations/captcha/index.ts';
import { activateSim } from '../services/activation.ts';
import { byIp, clientIp, errorResponses, limitBy, protectedHeaders, userParams } from './auth.ts';

const messageBody = z.object({ _payload: z.object({ message: z.string() }) });


/** An order as the API answers it (field names as the spec's order payloads). */
export const orderOf = (o: typeof orders.$inferSelect) => ({
  id: o.id, sku: o.sku, status: o.status as 'SIM_ORDERED' | 'SIM_REORDERED' | 'SIM_DELIVERED', created_at: o.createdAt.toISOString(),
  firstname: o.firstname, lastname: o.lastname, s_line1: o.line1, s_line2: o.line2, s_city: o.city, s_county: o.county, s_postcode: o.postcode,
});

/** Captcha offer, SIM activation, free-SIM orders and the member's orders (issue 4). */
export function onboardingRoutes(config: AppConfig, captcha: CaptchaAdapter) {
  const app = router();
  const { windowMs } = config.rateLimit;

  app.use('/panda/public/captcha', limitBy(windowMs, 120, byIp('captcha')));
  app.openapi(
    createRoute({
      method: 'get', path: '/panda/public/captcha', tags: ['Captcha'],
      summary: 'The captcha to answer before sign-up or a free-SIM order: a proof-of-work challenge (default) or the reCAPTCHA v3 site key',
      responses: {
        200: jsonContent(
          z.object({
            _payload: z.union([
              z.object({ provider: z.literal('pow'), challenge: z.object({ algorithm: z.string(), challenge: z.string(), maxnumber: z.number().optional(), salt: z.string(), signature: z.string() }) }),
              z.object({ provider: z.literal('recaptcha'), site_key: z.string() }),
            ]),
          }),
          'The captcha to answer; send the answer as the `captcha` field',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ _payload: await captcha.offer(c.var.clock()) }, 200);
    },
  );

  app.use('/panda/protected/users/:user_id/sims/activate', limitBy(windowMs, 20, (c) => `activate:${c.req.param('user_id') ?? ''}`));
  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/sims/activate', tags: ['Sign-up'],
      summary: 'Link a SIM card by its number (SSN): it becomes the member’s active SIM with the onboard bundle BDEG00',
      request: { headers: protectedHeaders, params: userParams, body: { required: true, content: { 'application/json': { schema: ActivateSimBodySchema } } } },
      responses: {
        201: jsonContent(z.object({ _payload: z.object({ sim: SimSchema }) }), 'Activated'),
        404: jsonContent(messageBody, 'No SIM card with that number'),
        409: jsonContent(messageBody, 'The SIM is active already, or the member has a SIM'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const outcome = await activateSim(c.var.db, c.var.member.id, c.req.valid('json').ssn, c.var.clock);
      if (outcome.status !== 201) return fail(c, outcome.status, outcome.message);
      return c.json({ _payload: { sim: outcome.sim } }, 201);
    },
  );

  app.use('/panda/protected/users/:user_id/orders/free-sim', limitBy(windowMs, 10, (c) => `free-sim:${c.req.param('user_id') ?? ''}`));
  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/orders/free-sim', tags: ['Orders'],
      summary: `Order a free SIM (${FREE_SIM_SKU}) to an address in Ireland; one may be on its way at a time`,
      request: { headers: protectedHeaders, params: userParams, body: { required: true, content: { 'application/json': { schema: FreeSimOrderSchema } } } },
      responses: {
        201: jsonContent(z.object({ _payload: z.object({ order: OrderSchema }) }), 'Ordered (status SIM_ORDERED)'),
        409: jsonContent(messageBody, 'A free SIM is on its way already'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const now = c.var.clock();
      if (!(await captcha.verify(body.captcha, { db: c.var.db, now, ip: clientIp(c), action: 'free_sim' }))) return fail(c, 400, onboardingMessages.captchaFailed);
      try {
        const [order] = await c.var.db
          .insert(orders)
          .values({
            memberId: c.var.member.id, sku: FREE_SIM_SKU, quantity: 1, status: 'SIM_ORDERED', channel: 'web', shippingType: 'FREE_SIM',
            firstname: body.firstname, lastname: body.lastname, line1: body.s_line1, line2: body.s_line2 || null, city: body.s_city,
            county: body.s_county, postcode: formatEircode(body.s_postcode), createdAt: now,
          })
          .returning();
        return c.json({ _payload: { order: orderOf(order!) } }, 201);
      } catch (error) {
        // The partial unique index decides, also for two orders sent at once.
        if (isUniqueViolation(error)) return fail(c, 409, onboardingMessages.freeSimOnItsWay);
        throw error;
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/orders', tags: ['Orders'], summary: 'The member’s SIM orders, newest first',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _meta: z.object({ total: z.number().int() }), _payload: z.object({ values: z.array(OrderSchema) }) }), 'Orders'), ...errorResponses },
    }),
    async (c) => {
      const rows = await c.var.db.select().from(orders).where(eq(orders.memberId, c.var.member.id)).orderBy(desc(orders.createdAt), desc(orders.id));
      return c.json({ _meta: { total: rows.length }, _payload: { values: rows.map(orderOf) } }, 200);
    },
  );

  return app;
}

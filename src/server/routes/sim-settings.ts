import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq } from 'drizzle-orm';
import { ChangeSimBodySchema, OrderSchema, PortInBodySchema, PortInSchema, ReorderSimBodySchema, SimSchema } from '../../contract/account.ts';
import { formatEircode } from '../../contract/forms.ts';
import { messages, onboardingMessages } from '../../contract/messages.ts';
import { orders, portInRequests, sims } from '../db/schema.ts';
import { isUniqueViolation } from '../db/client.ts';
import { fail, jsonContent, router, type AppConfig } from '../http.ts';
import { changeSim, requestPortIn } from '../services/sim-changes.ts';
import { orderOf } from './onboarding.ts';
import { errorResponses, limitBy, protectedHeaders, userParams } from './auth.ts';

const messageBody = z.object({ _payload: z.object({ message: z.string() }) });
const simParams = userParams.extend({ ssn: z.string().regex(/^[0-9]{10,22}$/, { error: 'must be 10 to 22 digits' }) });


const portInOf = (r: typeof portInRequests.$inferSelect) => ({ id: r.id, msisdn: r.msisdn, current_provider: r.provider, account_type: r.accountType, status: r.status, created_at: r.createdAt.toISOString() });

/** Settings that change the SIM: move your number (port-in), a replacement SIM, change my SIM (issue 5). */
export function simSettingsRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/portin', tags: ['Settings'], summary: 'The member’s open request to move a number to 48, if any',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ request: PortInSchema.nullable() }) }), 'The open request or null'), ...errorResponses },
    }),
    async (c) => {
      const [row] = await c.var.db.select().from(portInRequests).where(and(eq(portInRequests.memberId, c.var.member.id), eq(portInRequests.status, 'requested'))).orderBy(desc(portInRequests.id));
      return c.json({ _payload: { request: row ? portInOf(row) : null } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/sims/{ssn}/portin', tags: ['Settings'],
      summary: 'Ask to move a number from another network to this SIM; the member gets the PORTIN_IN_PROGRESS segment',
      request: { headers: protectedHeaders, params: simParams, body: { required: true, content: { 'application/json': { schema: PortInBodySchema } } } },
      responses: { 201: jsonContent(z.object({ _payload: z.object({ request: PortInSchema, message: z.string() }) }), 'Requested'), 409: jsonContent(messageBody, 'One is open already, or the number is on 48'), ...errorResponses },
    }),
    async (c) => {
      const outcome = await requestPortIn(c.var.db, c.var.member.id, c.req.valid('param').ssn, c.req.valid('json'), c.var.clock);
      if (outcome.status !== 201) return fail(c, outcome.status as 409, outcome.message);
      return c.json({ _payload: { request: portInOf(outcome.request), message: messages.portinInProgress } }, 201);
    },
  );

  app.use('/panda/protected/users/:user_id/sims/:ssn/reorder', limitBy(windowMs, 10, (c) => `reorder:${c.req.param('user_id') ?? ''}`));
  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/sims/{ssn}/reorder', tags: ['Settings'],
      summary: 'Order a replacement SIM (status SIM_REORDERED); one may be on its way at a time',
      request: { headers: protectedHeaders, params: simParams, body: { required: true, content: { 'application/json': { schema: ReorderSimBodySchema } } } },
      responses: { 201: jsonContent(z.object({ _payload: z.object({ order: OrderSchema }) }), 'Ordered'), 409: jsonContent(messageBody, 'A replacement is on its way already'), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { ssn } = c.req.valid('param');
      const [sim] = await c.var.db.select({ status: sims.status, product: sims.product }).from(sims).where(eq(sims.ssn, ssn));
      if (sim?.status !== 'active') return fail(c, 409, onboardingMessages.noActiveSim);
      try {
        const [o] = await c.var.db
          .insert(orders)
          .values({
            memberId: c.var.member.id, sku: sim.product, quantity: 1, status: 'SIM_REORDERED', channel: 'web', shippingType: `REPLACEMENT:${body.reason}`,
            firstname: body.firstname, lastname: body.lastname, line1: body.s_line1, line2: body.s_line2 || null, city: body.s_city, county: body.s_county,
            postcode: formatEircode(body.s_postcode), createdAt: c.var.clock(),
          })
          .returning();
        return c.json({ _payload: { order: orderOf(o!) } }, 201);
      } catch (error) {
        if (isUniqueViolation(error)) return fail(c, 409, onboardingMessages.replacementOnItsWay);
        throw error;
      }
    },
  );

  app.use('/panda/protected/users/:user_id/sims/:ssn/change', limitBy(windowMs, 10, (c) => `change-sim:${c.req.param('user_id') ?? ''}`));
  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/sims/{ssn}/change', tags: ['Settings'],
      summary: 'Move the number, credit and memberships to a new SIM card (password required); the old card ends inactive',
      request: { headers: protectedHeaders, params: simParams, body: { required: true, content: { 'application/json': { schema: ChangeSimBodySchema } } } },
      responses: {
        200: jsonContent(z.object({ _payload: z.object({ sim: SimSchema }) }), 'Changed'),
        404: jsonContent(messageBody, 'No SIM card with that number'),
        409: jsonContent(messageBody, 'The card is active already, or the old SIM is not active'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { new_ssn, password } = c.req.valid('json');
      const outcome = await changeSim(c.var.db, c.var.member.id, c.req.valid('param').ssn, new_ssn, password, c.var.clock);
      if (outcome.status !== 200) return fail(c, outcome.status, outcome.message);
      return c.json({ _payload: { sim: { ssn: outcome.ssn, msisdn: outcome.msisdn, product: outcome.product, requester: '1' } } }, 200);
    },
  );

  return app;
}

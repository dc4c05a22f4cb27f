import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { onboardingApi } from '../../../src/contract/onboarding.schema.ts';
import { ordersApi, ordersFailures } from '../../../src/contract/orders.schema.ts';
import type { RequestBody } from '../../../src/contract/endpoint.ts';
import { orders } from '../../../src/server/db/schema.ts';
import { type DeliveryAdapter } from '../../../src/server/modules/lines/index.ts';
import { carrierDelivery, sandboxDelivery } from '../../../src/server/modules/lines/integrations/delivery/index.ts';
import { runDeliveries } from '../../../src/server/modules/lines/deliveries.job.ts';
import { spareSsn } from '../../../src/server/seed/seed.ts';
import { createMember } from '../support/builders.ts';
import { ok, send } from '../support/client.ts';
import { forEachDatabase, solveCaptcha, type Session, type TestContext } from '../support/harness.ts';

const MINUTE = 60_000;
const me = (s: Session) => ({ user_id: s.userId });
const address = {
  firstname: 'Méabh',
  lastname: "O'Carroll",
  s_line1: '12 Quay Street',
  s_city: 'Galway',
  s_county: 'Galway',
};
const order = async (c: TestContext, s: Session) =>
  send(c.app, ordersApi.orderFreeSim, {
    session: s,
    params: me(s),
    body: { ...address, captcha: await solveCaptcha(c.app) } as RequestBody<typeof ordersApi.orderFreeSim>,
  });
const ordersOf = async (c: TestContext, s: Session) =>
  (await ok(c.app, ordersApi.list, { session: s, params: me(s) }))._payload.values;
/** A member with no SIM yet who has ordered a free SIM now. */
async function ordered(c: TestContext) {
  const { session: s } = await createMember(c, { sim: 'none' });
  expect((await order(c, s)).status).toBe(201);
  return s;
}
const job = (c: TestContext, carrier: DeliveryAdapter = sandboxDelivery(() => c.clock.now)) =>
  runDeliveries({ db: c.handle.db, clock: () => c.clock.now }, carrier);

forEachDatabase('orders', { seed: 'catalogue' }, (ctx) => {
  it('a free SIM goes ordered → dispatched (2 minutes) → delivered (10 more); only then may another be ordered', async () => {
    const c = ctx();
    const s = await ordered(c);
    const carrier = sandboxDelivery(() => c.clock.now);
    const placed = new Date((await ordersOf(c, s))[0]!.created_at).getTime();
    c.clock.advance(MINUTE);
    await job(c, carrier);
    expect((await ordersOf(c, s))[0]).toMatchObject({
      status: 'SIM_ORDERED',
      dispatched_at: null,
      delivered_at: null,
    });

    c.clock.advance(2 * MINUTE);
    expect(await job(c, carrier)).toBeGreaterThanOrEqual(1);
    const onItsWay = (await ordersOf(c, s))[0]!;
    expect(onItsWay).toMatchObject({ status: 'SIM_ORDERED', delivered_at: null });
    expect(new Date(onItsWay.dispatched_at!).getTime()).toBe(placed + 2 * MINUTE);
    // Still on its way: a second free SIM is refused.
    const early = await order(c, s);
    expect([early.status, (await early.json())._payload.message]).toEqual([
      409,
      ordersFailures.freeSimOnItsWay.message,
    ]);

    c.clock.advance(10 * MINUTE);
    await job(c, carrier);
    const arrived = (await ordersOf(c, s))[0]!;
    expect(arrived.status).toBe('SIM_DELIVERED');
    expect(new Date(arrived.delivered_at!).getTime()).toBe(placed + 12 * MINUTE);
    // Another turn changes nothing; and now a second free SIM may be ordered.
    expect(await job(c, carrier)).toBe(0);
    expect((await order(c, s)).status).toBe(201);
    expect((await ordersOf(c, s)).map((o) => o.status)).toEqual(['SIM_ORDERED', 'SIM_DELIVERED']);
  });

  it('the sandbox carrier page lists orders on their way and delivers one at once, once', async () => {
    const c = ctx();
    const s = await ordered(c);
    const { id } = (await ordersOf(c, s))[0]!;
    const page = await c.app.request('/sandbox/delivery');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Deliver 48-O-${id} now`);
    const deliver = () => c.app.request(`/sandbox/delivery/${id}/deliver`, { method: 'POST' });
    expect((await deliver()).status).toBe(303);
    expect((await ordersOf(c, s))[0]).toMatchObject({
      status: 'SIM_DELIVERED',
      delivered_at: c.clock.now.toISOString(),
    });
    expect((await deliver()).status).toBe(409);
    expect((await c.app.request('/sandbox/delivery/nope/deliver', { method: 'POST' })).status).toBe(404);
  });

  it('activating a SIM delivers the free SIM still on its way in our records', async () => {
    const c = ctx();
    const s = await ordered(c);
    const res = await send(c.app, onboardingApi.activateSim, {
      session: s,
      params: me(s),
      body: { ssn: spareSsn(40) },
    });
    expect(res.status).toBe(201);
    expect((await ordersOf(c, s))[0]).toMatchObject({
      status: 'SIM_DELIVERED',
      delivered_at: c.clock.now.toISOString(),
    });
  });

  it('a carrier that cannot be asked leaves orders as they are; its answers move them on', async () => {
    const c = ctx();
    const s = await ordered(c);
    const { id } = (await ordersOf(c, s))[0]!;
    const answering = (status: number, body: object) =>
      carrierDelivery({ url: 'https://tracking.carrier.example/', token: 'carrier-token' }, async (url, init) => {
        expect(String(url)).toBe(`https://tracking.carrier.example/shipments/48-O-${id}`);
        expect((init?.headers as Record<string, string>)['authorization']).toBe('Bearer carrier-token');
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      });
    const row = async () => (await c.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    expect(await job(c, answering(503, {}))).toBe(0);
    expect(await job(c, answering(404, {}))).toBe(0);
    expect((await row()).dispatchedAt).toBeNull();
    await job(c, answering(200, { status: 'dispatched', dispatched_at: '2026-11-22T11:00:00Z' }));
    expect(await row()).toMatchObject({ status: 'SIM_ORDERED', dispatchedAt: new Date('2026-11-22T11:00:00Z') });
    await job(
      c,
      answering(200, {
        status: 'delivered',
        dispatched_at: '2026-11-22T11:00:00Z',
        delivered_at: '2026-11-23T09:30:00Z',
      }),
    );
    expect(await row()).toMatchObject({ status: 'SIM_DELIVERED', deliveredAt: new Date('2026-11-23T09:30:00Z') });
  });

  it('an order on its way has no delivery date, a delivered one must: the database refuses anything else', async () => {
    const c = ctx();
    const s = await ordered(c);
    const { id } = (await ordersOf(c, s))[0]!;
    await expect(
      c.handle.db.update(orders).set({ status: 'SIM_DELIVERED' }).where(eq(orders.id, id)),
    ).rejects.toThrow();
    await expect(
      c.handle.db.update(orders).set({ deliveredAt: c.clock.now }).where(eq(orders.id, id)),
    ).rejects.toThrow();
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { healthApi } from '../../../src/contract/health.schema.ts';
import { treatUnansweredAsComplaints } from '../../../src/server/modules/care/tickets/complaints.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { callbackOf, keepHubs } from '../../../src/server/modules/network/index.ts';
import { serviceOrderOf } from '../../../src/server/modules/network/integrations/network/adapter.ts';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { ok, send } from '../support/client.ts';
import { forEachDatabase, sendNetworkOrders, TEST_NETWORK_EVENT_SECRET, type TestContext } from '../support/harness.ts';

// docs/product/network.md "TM Forum to the letter": every TMF641 state and every event type of the
// APIs the network speaks, TMF's listener paths and hubs, the network's service id, a number that
// left as TMF638 says it.

const sim = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId, ssn: m.ssn } });
const ready = async (c: TestContext) => (await ok(c.app, healthApi.ready, {})).network;
const quiet = pino({ level: 'silent' });

function post(c: TestContext, path: string, body: string) {
  return c.app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-network-signature': networkSignature(TEST_NETWORK_EVENT_SECRET, body, c.clock.now.getTime()),
    },
    body,
  });
}
const envelope = (c: TestContext, eventType: string, event: object, extra: object = {}) =>
  JSON.stringify({ eventId: randomUUID(), eventTime: c.clock.now.toISOString(), eventType, event, ...extra });
const outcomeOf = async (res: Response) => ((await res.json()) as { _payload: { outcome: string } })._payload.outcome;

/** A member whose lost SIM's suspend order the network has taken (acknowledged). */
async function suspendTaken(c: TestContext) {
  const m = await createMember(c, { creditCents: 500 });
  await send(c.app, securityApi.blockSim, sim(m));
  await sendNetworkOrders(c);
  const [order] = await c.handle.db.select().from(schema.networkOrders).where(eq(schema.networkOrders.line, m.ssn));
  return { m, order: order! };
}
const stateEvent = (
  c: TestContext,
  order: { externalId: string; networkId: string | null },
  state: string,
  extra: object = {},
) =>
  envelope(c, 'ServiceOrderStateChangeEvent', {
    serviceOrder: { id: order.networkId, externalId: order.externalId, state, ...extra },
  });
const orderNow = async (c: TestContext, id: number) =>
  (await c.handle.db.select().from(schema.networkOrders).where(eq(schema.networkOrders.id, id)))[0]!;
const titlesOf = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(schema.notifications).where(eq(schema.notifications.memberId, m.userId))).map(
    (n) => `${n.title}: ${n.body}`,
  );

forEachDatabase('network-tmf-events', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('every TMF641 state comes in: held and pending wait (on /panda/ready), back in progress, then done; queued from outside is a dead letter', async () => {
    const c = ctx();
    const { m, order } = await suspendTaken(c);
    const line = async () =>
      (await ok(c.app, accountApi.simsOwned, { session: m.session, params: { user_id: m.userId } }))._payload
        .values[0]!;
    expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, order, 'queued')))).toBe(
      'deadLetter',
    );
    expect(await line()).toMatchObject({ blocked: true, line_state: 'active', network_waiting: false });
    c.clock.advance(1000);
    expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, order, 'held')))).toBe('applied');
    expect(await ready(c)).toMatchObject({ waiting: 1 });
    // The member reads that the network holds it back (my48 → Settings: "waiting for the network").
    expect(await line()).toMatchObject({ blocked: true, line_state: 'active', network_waiting: true });
    c.clock.advance(1000);
    expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, order, 'inProgress')))).toBe(
      'applied',
    );
    c.clock.advance(1000);
    expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, order, 'pending')))).toBe('applied');
    // An older report of a state under way, sent late, is history.
    const late = JSON.stringify({
      ...JSON.parse(stateEvent(c, order, 'inProgress')),
      eventTime: new Date(c.clock.now.getTime() - 5000).toISOString(),
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener', late))).toBe('stale');
    expect((await orderNow(c, order.id)).state).toBe('pending');
    for (const state of ['assessingCancellation', 'pendingCancellation']) {
      c.clock.advance(1000);
      expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, order, state)))).toBe('applied');
    }
    c.clock.advance(1000);
    expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, order, 'completed')))).toBe(
      'applied',
    );
    expect(await ready(c)).toMatchObject({ waiting: 0 });
    expect(await line()).toMatchObject({ line_state: 'suspended', network_waiting: false });
  });

  it('partial is a failure of what was not done, cancelled undoes the cause as a rejection does; a v4.0 network says why in a note', async () => {
    const c = ctx();
    const partial = await suspendTaken(c);
    await post(
      c,
      '/panda/network/listener',
      stateEvent(c, partial.order, 'partial', {
        note: [{ text: 'The HLR was not updated.', date: c.clock.now.toISOString() }],
      }),
    );
    expect(await titlesOf(c, partial.m)).toContainEqual(expect.stringContaining('The HLR was not updated.'));
    expect((await orderNow(c, partial.order.id)).state).toBe('partial');
    const cancelled = await suspendTaken(c);
    await post(c, '/panda/network/listener', stateEvent(c, cancelled.order, 'cancelled'));
    expect(await titlesOf(c, cancelled.m)).toContainEqual(
      expect.stringContaining('Your SIM is not blocked on the network yet'),
    );
    // Ended orders go no further.
    expect(await outcomeOf(await post(c, '/panda/network/listener', stateEvent(c, cancelled.order, 'completed')))).toBe(
      'stale',
    );
    expect(await ready(c)).toMatchObject({ failed: 2 });
  });

  it('the POST answer is the first step: a network that completes at once completes the order and its cause', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    await send(c.app, securityApi.blockSim, sim(m));
    const atOnce = {
      ...c.network,
      send: async (o: Parameters<typeof c.network.send>[0]) => {
        const sent = await c.network.send(o);
        return sent.ok
          ? {
              ...sent,
              state: 'completed' as const,
              serviceOrder: { ...(sent.serviceOrder as object), state: 'completed' },
            }
          : sent;
      },
    };
    const { drainNetworkOrders } = await import('../../../src/server/modules/network/network-orders.ts');
    const { applyOrderStep } = await import('../../../src/server/modules/network/order-causes.ts');
    await drainNetworkOrders({ db: c.handle.db, clock: () => c.clock.now }, atOnce, applyOrderStep);
    const [order] = await c.handle.db.select().from(schema.networkOrders).where(eq(schema.networkOrders.line, m.ssn));
    expect(order!.state).toBe('completed');
    const [line] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, m.ssn));
    expect(line!.lineState).toBe('suspended');
  });

  it('every event type of TMF641, TMF635 and TMF638 is taken and kept; milestones, jeopardy and information asked for show on the order; no eventId: the body is its id', async () => {
    const c = ctx();
    const { order } = await suspendTaken(c);
    const so = { id: order.networkId, externalId: order.externalId, state: 'acknowledged' };
    const kept = [
      ['ServiceOrderCreateEvent', { serviceOrder: so }],
      ['ServiceOrderDeleteEvent', { serviceOrder: so }],
      ['CancelServiceOrderCreateEvent', { cancelServiceOrder: { id: 'c1', state: 'acknowledged' } }],
      ['CancelServiceOrderStateChangeEvent', { cancelServiceOrder: { id: 'c1', state: 'done' } }],
      ['CancelServiceOrderInformationRequiredEvent', { cancelServiceOrder: { id: 'c1' } }],
      ['UsageStateChangeEvent', { usage: { id: 'u1', status: 'rated' } }],
      ['UsageAttributeValueChangeEvent', { usage: { id: 'u1' } }],
      ['UsageDeleteEvent', { usage: { id: 'u1' } }],
      ['UsageSpecificationCreateEvent', { usageSpecification: { id: 's1' } }],
      ['UsageSpecificationAttributeValueChangeEvent', { usageSpecification: { id: 's1' } }],
      ['UsageSpecificationDeleteEvent', { usageSpecification: { id: 's1' } }],
      ['ServiceCreateEvent', { service: { id: 'svc-other', state: 'active' } }],
      ['ServiceAttributeValueChangeEvent', { service: { id: 'svc-other', state: 'active' } }],
      [
        'ServiceStateChangeEvent',
        { service: { id: 'svc-other', state: 'inactive', serviceSpecification: { id: 'mobileLine' } } },
      ],
    ] as const;
    for (const [type, event] of kept) {
      const res = await post(c, '/panda/network/listener', envelope(c, type, event));
      expect(res.status, type).toBe(200);
      expect(await outcomeOf(res), type).toBe('kept');
    }
    const milestone = envelope(c, 'ServiceOrderMilestoneEvent', {
      serviceOrder: { ...so, milestone: [{ name: 'HLR updated', milestoneDate: c.clock.now.toISOString() }] },
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener', milestone))).toBe('applied');
    expect((await orderNow(c, order.id)).milestone).toBe('HLR updated');
    const jeopardy = envelope(c, 'ServiceOrderJeopardyEvent', {
      serviceOrder: { ...so, jeopardyAlert: [{ name: 'late', jeopardyType: 'delay', message: 'The HLR is slow.' }] },
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener', jeopardy))).toBe('applied');
    expect(await ready(c)).toMatchObject({ in_jeopardy: 1 });
    const asked = envelope(
      c,
      'ServiceOrderInformationRequiredEvent',
      { serviceOrder: so },
      { fieldPath: 'serviceOrderItem.service.serviceCharacteristic.iccid', title: 'ICCID needed' },
    );
    expect(await outcomeOf(await post(c, '/panda/network/listener', asked))).toBe('applied');
    expect((await orderNow(c, order.id)).jeopardy).toMatch(
      /^information required \(serviceOrderItem\.service\.serviceCharacteristic\.iccid\): ICCID needed/,
    );
    // A ticket for the operator, with what the network needs; nobody's message, never a complaint.
    const [ticket] = await c.handle.db.select().from(schema.tickets).where(eq(schema.tickets.origin, 'network'));
    expect(ticket).toMatchObject({ kind: 'ticket', state: 'open', memberId: null, msisdn: order.msisdn });
    const [entry] = await c.handle.db
      .select()
      .from(schema.ticketEntries)
      .where(eq(schema.ticketEntries.ticketId, ticket!.id));
    expect(entry!.body).toContain('What it needs: serviceOrderItem.service.serviceCharacteristic.iccid');
    expect(entry!.body).toContain(`Our order: ${order.externalId}`);
    c.clock.advance(7 * 86_400_000);
    await treatUnansweredAsComplaints({ db: c.handle.db, clock: () => c.clock.now }, c.config.siteUrl);
    const [later] = await c.handle.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticket!.id));
    expect(later!.kind).toBe('ticket');
    // Without an eventId (TMF688 requires none of its fields): the same body once, another body again.
    const bare = JSON.stringify({ eventType: 'ServiceOrderCreateEvent', event: { serviceOrder: so } });
    expect(await outcomeOf(await post(c, '/panda/network/listener', bare))).toBe('kept');
    expect(await outcomeOf(await post(c, '/panda/network/listener', bare))).toBe('duplicate');
    const other = JSON.stringify({
      eventType: 'ServiceOrderCreateEvent',
      event: { serviceOrder: { ...so, note: [] } },
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener', other))).toBe('kept');
    // An unknown type is still refused, saying which are taken.
    const unknown = await post(c, '/panda/network/listener', envelope(c, 'AlarmCreateEvent', {}));
    expect(unknown.status).toBe(400);
  });

  it("TMF's listener paths under /panda/network: signed, the path names the type, answered 201", async () => {
    const c = ctx();
    const { order } = await suspendTaken(c);
    const body = JSON.stringify({
      eventId: randomUUID(),
      event: { serviceOrder: { id: order.networkId, externalId: order.externalId, state: 'completed' } },
    });
    const res = await post(c, '/panda/network/listener/serviceOrderStateChangeEvent', body);
    expect(res.status).toBe(201);
    expect(await outcomeOf(res)).toBe('applied');
    expect((await orderNow(c, order.id)).state).toBe('completed');
    const unsigned = await c.app.request('/panda/network/listener/usageCreateEvent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const mismatch = await post(
      c,
      '/panda/network/listener/usageCreateEvent',
      envelope(c, 'ServiceOrderStateChangeEvent', {}),
    );
    expect(mismatch.status).toBe(400);
    expect((await post(c, '/panda/network/listener/alarmCreateEvent', body)).status).toBe(400);
  });

  it('the same event without an eventId 20 times at once on a TMF path: applied once, the others replays', async () => {
    const c = ctx();
    const { order } = await suspendTaken(c);
    const body = JSON.stringify({
      event: { serviceOrder: { id: order.networkId, externalId: order.externalId, state: 'completed' } },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(c, '/panda/network/listener/serviceOrderStateChangeEvent', body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const outcomes = await Promise.all(answers.map(outcomeOf));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    const kept = await c.handle.db
      .select()
      .from(schema.networkEvents)
      .where(eq(schema.networkEvents.orderId, order.id));
    expect(kept).toHaveLength(1);
  });

  it("the portal's callback is registered at the three hubs, kept, registered again when the network forgets it; the sandbox sends to TMF's paths", async () => {
    const c = ctx();
    const callback = callbackOf(c.config.siteUrl);
    expect(callback).toBe('https://www.48.ie/panda/network');
    expect(await ready(c)).toMatchObject({
      hubs: { serviceOrdering: false, usageManagement: false, serviceInventory: false },
    });
    await keepHubs({ db: c.handle.db, clock: () => c.clock.now }, c.network, callback, quiet, { force: true });
    expect(
      c.network.sandbox
        .hubs()
        .map((h) => h.path)
        .sort(),
    ).toEqual(['serviceInventory/v4/hub', 'serviceOrdering/v4/hub', 'usageManagement/v4/hub']);
    expect(await ready(c)).toMatchObject({
      hubs: { serviceOrdering: true, usageManagement: true, serviceInventory: true },
    });
    // Kept: asked again, nothing new registered.
    await keepHubs({ db: c.handle.db, clock: () => c.clock.now }, c.network, callback, quiet, { force: true });
    expect(c.network.sandbox.hubs()).toHaveLength(3);
    const { m } = await suspendTaken(c);
    await c.network.sandbox.settle();
    expect(c.network.sandbox.events()[0]).toMatchObject({
      type: 'ServiceOrderStateChangeEvent',
      to: '/panda/network/listener/serviceOrderStateChangeEvent',
      status: 201,
    });
    const [line] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, m.ssn));
    expect(line!.lineState).toBe('suspended');
    // The network restarts and forgets: the portal registers again.
    c.network.sandbox.forget();
    await keepHubs({ db: c.handle.db, clock: () => c.clock.now }, c.network, callback, quiet, { force: true });
    expect(c.network.sandbox.hubs()).toHaveLength(3);
    expect(await ready(c)).toMatchObject({
      hubs: { serviceOrdering: true, usageManagement: true, serviceInventory: true },
    });
  });

  it("modify and delete orders carry the network's service id (TMF638), the number as a characteristic", async () => {
    const c = ctx();
    const { m, order } = await suspendTaken(c);
    const line = await c.network.sandbox.lineOf(m.msisdn);
    expect(line?.id).toMatch(/^mobileLine-/);
    const [kept] = await c.handle.db
      .select()
      .from(schema.networkServices)
      .where(eq(schema.networkServices.msisdn, m.msisdn));
    expect(kept!.serviceId).toBe(line!.id);
    expect(order.state).toBe('acknowledged');
    const body = serviceOrderOf({ ...order, serviceId: kept!.serviceId });
    expect(body.serviceOrderItem[0]!.service).toMatchObject({
      id: line!.id,
      serviceCharacteristic: expect.arrayContaining([{ name: 'msisdn', valueType: 'string', value: m.msisdn }]),
    });
    // A service id the network does not hold for that number is refused by it.
    const wrong = await c.network.send({ ...order, externalId: randomUUID(), serviceId: 'mobileLine-nope' });
    expect(wrong).toMatchObject({ ok: false, retry: false });
  });

  it('a number that left is TMF638 saying its service is terminated: the SIM loses it, the member is told once', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const sent = await c.network.sandbox.portOut(m.msisdn);
    expect(sent?.status).toBe(200);
    const [after] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, m.ssn));
    expect(after).toMatchObject({ msisdn: null, status: 'inactive' });
    expect((await titlesOf(c, m)).filter((t) => t.startsWith('Your number has moved to another network'))).toHaveLength(
      1,
    );
    // The same by ServiceDeleteEvent, for a number no line has: a dead letter.
    const gone = envelope(c, 'ServiceDeleteEvent', {
      service: {
        id: 'x',
        state: 'terminated',
        serviceSpecification: { id: 'mobileLine' },
        serviceCharacteristic: [{ name: 'msisdn', value: '353870000009' }],
      },
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener', gone))).toBe('deadLetter');
  });

  it('our own delete of a closed account is kept; a delete for an earlier holder of a number given out again is not', async () => {
    const c = ctx();
    const terminated = (msisdn: string) =>
      envelope(c, 'ServiceStateChangeEvent', {
        service: {
          id: `svc-${randomUUID()}`,
          state: 'terminated',
          serviceSpecification: { id: 'mobileLine' },
          serviceCharacteristic: [{ name: 'msisdn', value: `353${msisdn.slice(1)}` }],
        },
      });
    // An earlier holder's line was deleted (its account closed); the number now belongs to another SIM.
    const earlier = await createMember(c, { creditCents: 0 });
    const holder = await createMember(c, { creditCents: 500 });
    await c.handle.db.insert(schema.networkOrders).values({
      externalId: randomUUID(),
      cause: `delete:${earlier.ssn}:${c.clock.now.toISOString()}`,
      line: earlier.ssn,
      msisdn: holder.msisdn,
      service: 'mobileLine',
      action: 'delete',
      characteristics: { iccid: earlier.ssn },
      state: 'completed',
      nextAttemptAt: c.clock.now,
      updatedAt: c.clock.now,
      createdAt: c.clock.now,
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener', terminated(holder.msisdn)))).toBe('applied');
    const [left] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, holder.ssn));
    expect(left).toMatchObject({ msisdn: null, status: 'inactive' });
    // A closed account: its delete is ours; the network's word that the line ended changes nothing more.
    const closing = await createMember(c, { creditCents: 0 });
    await c.handle.db.insert(schema.networkOrders).values({
      externalId: randomUUID(),
      cause: `delete:${closing.ssn}:${c.clock.now.toISOString()}`,
      line: closing.ssn,
      msisdn: closing.msisdn,
      service: 'mobileLine',
      action: 'delete',
      characteristics: { iccid: closing.ssn },
      state: 'completed',
      nextAttemptAt: c.clock.now,
      updatedAt: c.clock.now,
      createdAt: c.clock.now,
    });
    await c.handle.db
      .update(schema.sims)
      .set({ msisdn: null, status: 'inactive' })
      .where(eq(schema.sims.ssn, closing.ssn));
    expect(await outcomeOf(await post(c, '/panda/network/listener', terminated(closing.msisdn)))).toBe('kept');
  });

  it('usageType is read whatever its case', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } });
    const event = envelope(c, 'UsageCreateEvent', {
      usage: {
        id: randomUUID(),
        usageDate: c.clock.now.toISOString(),
        usageType: 'DATA',
        usageCharacteristic: [
          { name: 'msisdn', value: `353${m.msisdn.slice(1)}` },
          { name: 'volumeKb', value: 2048 },
          { name: 'country', value: 'IE' },
        ],
      },
    });
    expect(await outcomeOf(await post(c, '/panda/network/listener/usageCreateEvent', event))).toBe('applied');
  });
});

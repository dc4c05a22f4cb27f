import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { networkOrders, notifications, sims } from '../../db/schema.ts';
import { createMember } from '../../seed/members.ts';
import { catalogueDatabase } from '../../seed/unit-database.ts';
import { orderDataBar, orderNoAllowanceBar, purchaseLiftRefused } from './data-bars.ts';
import { orderPaidUseBar } from './paid-use-bars.ts';
import { orderLineDeletion, orderLineState, orderPortIn } from '../lines/index.ts';
import { orderActivation, orderSwap } from '../lines/line-orders.ts';
import { applyOrderStep, declaredCauses } from './order-causes.ts';

/**
 * The network's order causes (modules/network/order-causes.ts) on PGlite: each module's cause is stored in the
 * form the orders already in the table have, read back whole, and its step is the one a reported
 * step reaches; a stored cause nobody declares changes nothing.
 */

const NOW = new Date('2026-11-22T10:00:00Z');
const clock = () => NOW;
let handle: DatabaseHandle;

beforeAll(async () => void (handle = await catalogueDatabase()), 60_000);
afterAll(() => handle.close());

const latestOrder = async (line: string) =>
  (
    await handle.db.select().from(networkOrders).where(eq(networkOrders.line, line)).orderBy(desc(networkOrders.id))
  )[0]!;

describe('order causes', () => {
  it('each cause is stored as before, one order per cause', async () => {
    const m = await createMember(handle.db, NOW);
    const at = new Date('2026-11-22T10:00:01.500Z');
    await orderLineState(handle.db, clock, { ssn: m.ssn, msisdn: m.msisdn }, 'suspended', at);
    expect((await latestOrder(m.ssn)).cause).toBe(`line:suspended:${m.ssn}:2026-11-22T10:00:01.500Z`);
    // The same cause again is the same order.
    await orderLineState(handle.db, clock, { ssn: m.ssn, msisdn: m.msisdn }, 'suspended', at);
    expect(await handle.db.select().from(networkOrders).where(eq(networkOrders.line, m.ssn))).toHaveLength(1);
    await orderLineDeletion(handle.db, clock, { ssn: m.ssn, msisdn: m.msisdn }, at);
    expect((await latestOrder(m.ssn)).cause).toBe(`delete:${m.ssn}:2026-11-22T10:00:01.500Z`);
    await orderDataBar(handle.db, clock, { ssn: m.ssn, msisdn: m.msisdn }, true, 'roamingCap', '2026-11');
    expect((await latestOrder(m.ssn)).cause).toBe(`data:bar:roamingCap:${m.ssn}:2026-11`);
    await orderNoAllowanceBar(handle.db, clock, m.ssn, false, { kind: 'membership', reference: 'pay:ref:1' });
    // Nothing to lift: no bar stood.
    expect((await latestOrder(m.ssn)).cause).toBe(`data:bar:roamingCap:${m.ssn}:2026-11`);
    await orderNoAllowanceBar(handle.db, clock, m.ssn, true);
    await orderNoAllowanceBar(handle.db, clock, m.ssn, false, { kind: 'membership', reference: 'pay:ref:1' });
    expect((await latestOrder(m.ssn)).cause).toBe(`data:lift:noAllowanceNoCredit:${m.ssn}:for:membership:pay:ref:1`);
    await orderPortIn(handle.db, clock, {
      id: 4321,
      ssn: m.ssn,
      msisdn: '0857654321',
      provider: 'Three',
      accountType: 'prepay',
      accountNumber: null,
    });
    expect((await latestOrder(m.ssn)).cause).toBe('portIn:4321');
    await orderSwap(handle.db, NOW, { ssn: 'fresh-ssn', kind: 'esim' }, { ssn: m.ssn, msisdn: m.msisdn });
    expect((await latestOrder('fresh-ssn')).cause).toBe(`swap:fresh-ssn:${m.ssn}`);
    await orderPaidUseBar(handle.db, clock, m.ssn, true);
    expect((await latestOrder(m.ssn)).cause).toBe(`paidUse:bar:${m.ssn}:after-0`);
    await orderPaidUseBar(handle.db, clock, m.ssn, true);
    expect((await latestOrder(m.ssn)).cause).toBe(`paidUse:bar:${m.ssn}:after-0`);
    expect(declaredCauses().sort()).toEqual(['activation', 'data', 'delete', 'line', 'paidUse', 'portIn', 'swap']);
  });

  it("a reported step reaches its own cause's rule: an activation completed makes the SIM active and tells the member", async () => {
    const m = await createMember(handle.db, NOW, { sim: 'activating' });
    await orderActivation(handle.db, clock, { ssn: m.ssn, msisdn: m.msisdn, kind: 'physical' });
    const order = await latestOrder(m.ssn);
    await handle.db.transaction((tx) => applyOrderStep(tx, clock, order, 'inProgress', {}));
    expect((await handle.db.select().from(sims).where(eq(sims.ssn, m.ssn)))[0]!.status).toBe('activating');
    await handle.db.transaction((tx) => applyOrderStep(tx, clock, order, 'completed', {}));
    const [sim] = await handle.db.select().from(sims).where(eq(sims.ssn, m.ssn));
    expect(sim).toMatchObject({ status: 'active', lineState: 'active' });
    const told = await handle.db.select().from(notifications).where(eq(notifications.memberId, m.memberId));
    expect(told.map((n) => n.title)).toContain('Your SIM is active');
  });

  it('a lift for a purchase that the network refuses is said to whoever listens, once per refusal; a bar refused is not', async () => {
    const m = await createMember(handle.db, NOW);
    const heard: unknown[] = [];
    purchaseLiftRefused.on(async (_tx, event) => void heard.push(event));
    await orderNoAllowanceBar(handle.db, clock, m.ssn, true);
    const bar = await latestOrder(m.ssn);
    await handle.db.transaction((tx) => applyOrderStep(tx, clock, bar, 'rejected', { reason: 'no' }));
    expect(heard).toEqual([]);
    await orderNoAllowanceBar(handle.db, clock, m.ssn, false, { kind: 'addon', reference: 'a:b' });
    const lift = await latestOrder(m.ssn);
    await handle.db.transaction((tx) => applyOrderStep(tx, clock, lift, 'completed', {}));
    expect(heard).toEqual([]);
    await handle.db.transaction((tx) => applyOrderStep(tx, clock, lift, 'failed', { reason: 'no' }));
    expect(heard).toEqual([{ ssn: m.ssn, now: NOW, purchase: { kind: 'addon', reference: 'a:b' } }]);
  });

  it('a stored cause that no module declares changes nothing', async () => {
    const m = await createMember(handle.db, NOW, { sim: 'activating' });
    await orderActivation(handle.db, clock, { ssn: m.ssn, msisdn: m.msisdn, kind: 'physical' });
    const order = { ...(await latestOrder(m.ssn)), cause: `unheard:${m.ssn}` };
    await handle.db.transaction((tx) => applyOrderStep(tx, clock, order, 'completed', {}));
    expect((await handle.db.select().from(sims).where(eq(sims.ssn, m.ssn)))[0]!.status).toBe('activating');
  });
});

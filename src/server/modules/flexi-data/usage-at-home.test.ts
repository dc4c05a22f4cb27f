import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { dailyUsage, memberships, networkEvents } from '../../db/schema.ts';
import { createMember } from '../../seed/members.ts';
import { catalogueDatabase } from '../../seed/unit-database.ts';
import { countUseAtHome, type UseAtHome } from './usage-at-home.ts';
// Flexible data's listeners: the network hands use at home to flexible data's counter.
import './listeners.ts';
import { countAtHome } from '../network/usage.ts';
import { chargesFromFiles } from '../../integrations/content/index.ts';
import type { Use } from '../network/usage.ts';

/**
 * Use at home counted against a membership (docs/product/flexible-data.md), on PGlite: its own data
 * first, then carried-over data, each up to what the membership allows; the day's use; an event
 * counted once however often it comes; an unknown number kept aside; the alert due at 80 %.
 */

const NOW = new Date('2026-11-22T10:00:00Z');
const clock = () => NOW;
const GB = 1024 * 1024;
let handle: DatabaseHandle;
let n = 0;

beforeAll(async () => void (handle = await catalogueDatabase()), 60_000);
afterAll(() => handle.close());

const use = (msisdn: string, dataKb: number, extra: Partial<UseAtHome> = {}): UseAtHome => ({
  eventId: `use-${++n}`,
  eventTime: NOW,
  msisdn,
  at: new Date(NOW.getTime() - 60_000),
  dataKb,
  minutes: 0,
  texts: 0,
  rated: { allowance: 'data', units: dataKb, cents: 5, per: 1024 },
  body: { n },
  ...extra,
});
const membershipOf = async (ssn: string) =>
  (await handle.db.select().from(memberships).where(eq(memberships.ssn, ssn)))[0]!;

describe('use at home', () => {
  it("counts the membership's own data first, then carried-over data, and the day's use", async () => {
    const m = await createMember(handle.db, NOW, { membership: { sku: 'BDDT00', usedGb: 0, carryoverGb: 1 } });
    const before = await membershipOf(m.ssn);
    const left = before.dataMaxKb! - before.dataUsedKb;
    const counted = await countUseAtHome(handle.db, clock, use(m.msisdn, left + GB / 2));
    expect(counted.outcome).toBe('applied');
    const call = { allowance: 'mobileMinutes' as const, units: 3, cents: 20, per: 1 };
    await countUseAtHome(handle.db, clock, use(m.msisdn, 0, { minutes: 3, rated: call }));
    await countUseAtHome(
      handle.db,
      clock,
      use(m.msisdn, 0, { texts: 2, rated: { ...call, allowance: 'texts', units: 2 } }),
    );
    const after = await membershipOf(m.ssn);
    expect(after.dataUsedKb).toBe(before.dataMaxKb);
    expect(after.carryoverUsedKb).toBe(before.carryoverUsedKb + GB / 2);
    expect(after.mobileMinutesUsed - before.mobileMinutesUsed).toBe(3);
    expect(after.textsUsed - before.textsUsed).toBe(2);
    const [day] = await handle.db.select().from(dailyUsage).where(eq(dailyUsage.ssn, m.ssn));
    expect(day?.dataKb).toBe(left + GB / 2);
  });

  it('counts an event once, however often and however together it comes', async () => {
    const m = await createMember(handle.db, NOW, { membership: { sku: 'BDDT00', usedGb: 0 } });
    const before = await membershipOf(m.ssn);
    const once = use(m.msisdn, 1000);
    const results = await Promise.all([
      countUseAtHome(handle.db, clock, once),
      countUseAtHome(handle.db, clock, once),
      countUseAtHome(handle.db, clock, { ...once }),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await countUseAtHome(handle.db, clock, once)).outcome).toBe('duplicate');
    expect((await membershipOf(m.ssn)).dataUsedKb - before.dataUsedKb).toBe(1000);
  });

  it('keeps a use of a number no SIM has aside, with its event', async () => {
    const lost = use('0870000001', 10);
    expect((await countUseAtHome(handle.db, clock, lost)).outcome).toBe('deadLetter');
    const [event] = await handle.db.select().from(networkEvents).where(eq(networkEvents.eventId, lost.eventId));
    expect(event).toMatchObject({ outcome: 'deadLetter', body: lost.body });
  });

  it("is flexible data's to count: crossing 80 % of the data makes the alert due at once", async () => {
    const m = await createMember(handle.db, NOW, { membership: { sku: 'BDDT00', usedGb: 0 } });
    const { dataMaxKb } = await membershipOf(m.ssn);
    const ctx = { db: handle.db, clock, rating: { charges: async () => chargesFromFiles(), byNetwork: false } };
    const event = (id: string) => ({ eventId: id, eventTime: NOW, body: {} });
    const data = (id: string, dataKb: number): Use => ({
      usageId: id,
      usageType: 'data',
      msisdn: m.msisdn,
      country: 'IE',
      at: new Date(NOW.getTime() - 60_000),
      dataKb,
      minutes: 0,
      texts: 0,
      destination: null,
      destinationMobile: false,
      incoming: false,
      networkCents: null,
    });
    const small = await countAtHome(ctx, event(`small-${m.ssn}`), data(`small-${m.ssn}`, 10));
    expect(small).toEqual({ outcome: 'applied' });
    const big = await countAtHome(ctx, event(`big-${m.ssn}`), data(`big-${m.ssn}`, Math.ceil(dataMaxKb! * 0.81)));
    expect(big.outcome).toBe('applied');
    expect(big.followUp).toBeTypeOf('function');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCheckViolation, type DatabaseHandle } from '../../../db/client.ts';
import { balances, networkOrders } from '../../../db/schema.ts';
import { createMember } from '../../../seed/members.ts';
import { catalogueDatabase } from '../../../seed/unit-database.ts';
import { orderNoAllowanceBar } from '../../network/index.ts';
import { changeCredit } from './credit.ts';

/**
 * The one writer of credit (docs/product/money.md), on PGlite: a relative change, never a value
 * read earlier written back; never below zero (the schema's check refuses it and nothing changes);
 * credit again lifts a bar on data for want of allowance and credit, once.
 */

const NOW = new Date('2026-11-22T10:00:00Z');
let handle: DatabaseHandle;

beforeAll(async () => void (handle = await catalogueDatabase()), 60_000);
afterAll(() => handle.close());

const creditOf = async (ssn: string) =>
  (await handle.db.select().from(balances).where(eq(balances.ssn, ssn)))[0]!.creditCents;

describe('changeCredit', () => {
  it('adds and takes relatively: two writers in one transaction each keep their change', async () => {
    const m = await createMember(handle.db, NOW, { creditCents: 500 });
    const after = await handle.db.transaction(async (tx) => {
      await changeCredit(tx, m.ssn, 1000, NOW);
      return changeCredit(tx, m.ssn, -250, NOW);
    });
    expect(after).toBe(1250);
    expect(await creditOf(m.ssn)).toBe(1250);
  });

  it('refuses to go below zero, and the transaction changes nothing', async () => {
    const m = await createMember(handle.db, NOW, { creditCents: 300 });
    const overdraw = handle.db.transaction(async (tx) => {
      await changeCredit(tx, m.ssn, 200, NOW);
      await changeCredit(tx, m.ssn, -600, NOW);
    });
    await expect(overdraw).rejects.toSatisfy(isCheckViolation);
    expect(await creditOf(m.ssn)).toBe(300);
  });

  it('refuses a SIM without a balance', async () => {
    await expect(changeCredit(handle.db, 'no-such-sim', 100, NOW)).rejects.toThrow(/no balance row/);
  });

  it('credit again lifts a bar for want of allowance and credit, once; a take lifts nothing', async () => {
    const m = await createMember(handle.db, NOW, { creditCents: 0 });
    await orderNoAllowanceBar(handle.db, () => NOW, m.ssn, true);
    const orders = () => handle.db.select().from(networkOrders).where(eq(networkOrders.line, m.ssn));
    expect((await orders()).map((o) => o.cause)).toEqual([expect.stringMatching(/^data:bar:noAllowanceNoCredit:/)]);
    await changeCredit(handle.db, m.ssn, 500, NOW);
    await changeCredit(handle.db, m.ssn, 500, NOW);
    await changeCredit(handle.db, m.ssn, -100, NOW);
    const causes = (await orders()).map((o) => o.cause);
    expect(causes).toHaveLength(2);
    expect(causes[1]).toMatch(/^data:lift:noAllowanceNoCredit:/);
  });
});

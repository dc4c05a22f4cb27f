import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { catalogue } from './catalogue.ts';
import { DEMO_MEMBERS, type DemoMember } from './demo-members.ts';
import { createHousehold, createMember, type MadeMember, type MemberSpec } from './members.ts';
import type { Database, Queryable } from '../db/client.ts';
import * as t from '../db/schema.ts';

export const DEMO_PASSWORD = 'Demo-48-pass';

export { irishDayAfter } from './member-rows.ts';

/** The demo members' e-mails (the bench signs each in to spread its load over many members). */
export const demoEmails = (): string[] => DEMO_MEMBERS.map((m) => m.email);
export const demoMsisdn = (n: number) => `08710000${String(n).padStart(2, '0')}`;
export const demoSsn = (n: number) => `89353010000000000${String(n).padStart(2, '0')}`;

/**
 * Unused SIM cards in stock, for trying activation (README lists a few). Numbered 1 to SPARE_SIMS;
 * each comes with its own mobile number, as a real card does.
 */
export const SPARE_SIMS = 200;
export const spareSsn = (n: number) => `8935301000000100${String(n).padStart(3, '0')}`;
export const spareMsisdn = (n: number) => `0872000${String(n).padStart(3, '0')}`;

export async function isEmpty(db: Database): Promise<boolean> {
  // One row is enough to know (a count would read every member).
  const row = await db.select({ id: t.members.id }).from(t.members).limit(1);
  return row.length === 0;
}

/**
 * Codes partners hand out, as a demo has them (README lists a few): feelsmug cup codes, presale
 * codes and vouchers for the two partner campaigns.
 */
export const DEMO_OFFER_CODES = [
  ...Array.from({ length: 40 }, (_, i) => ({ code: `SMUG-${1001 + i}`, kind: 'feelsmug' })),
  ...Array.from({ length: 40 }, (_, i) => ({ code: `LONG-${2001 + i}`, kind: 'presale' })),
  ...Array.from({ length: 25 }, (_, i) => ({ code: `SCREEN-${3001 + i}`, kind: 'voucher:screen-nights' })),
  ...Array.from({ length: 25 }, (_, i) => ({ code: `PULSE-${4001 + i}`, kind: 'voucher:pulse-gyms' })),
];

/**
 * The products the portal sells, as the code defines them (seed/catalogue.ts), written into the
 * database on every start and migration, in production too: purchases, activations (the onboard
 * bundle) and the plans' pages refer to them. A product changed in the code is changed here.
 */
export async function syncProducts(db: Queryable): Promise<void> {
  await db
    .insert(t.products)
    .values(catalogue)
    .onConflictDoUpdate({
      target: t.products.sku,
      set: {
        name: sql`excluded.name`,
        kind: sql`excluded.kind`,
        priceCents: sql`excluded.price_cents`,
        days: sql`excluded.days`,
        dataKb: sql`excluded.data_kb`,
        fupKb: sql`excluded.fup_kb`,
        mobileMinutes: sql`excluded.mobile_minutes`,
        landlineMinutes: sql`excluded.landline_minutes`,
        texts: sql`excluded.texts`,
      },
    });
}

/**
 * What the shop sells and holds, without any member: the catalogue, the offer codes, the spare SIMs
 * (the API tests' builders start from this alone).
 */
export async function seedCatalogue(db: Queryable): Promise<void> {
  await db.insert(t.products).values(catalogue).onConflictDoNothing();
  await db.insert(t.offerCodes).values(DEMO_OFFER_CODES).onConflictDoNothing();
  await db.insert(t.simStock).values(
    Array.from({ length: SPARE_SIMS }, (_, i) => ({
      ssn: spareSsn(i + 1),
      msisdn: spareMsisdn(i + 1),
      puk: String(20_000_000 + (i + 1) * 3_141_59).slice(0, 8),
      product: 'Pre_Start_3FF_N',
    })),
  );
}

/**
 * A demo member's state as the factory makes it: lived in for two months, the demo password, the
 * marketing choice a real account has. The seed adds the demo numbers; the test route a fresh
 * address (src/server/seed/test-members.ts).
 */
export function demoState({ n: _n, household: _lines, ...spec }: DemoMember): MemberSpec {
  return { ...spec, password: DEMO_PASSWORD, lived: true, marketing: { email: true, sms: false } };
}

/** Seeds the catalogue and the demo members (through the member factory), all dates relative to `now`, in one transaction. */
export async function seedDemo(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCatalogue(tx);
    const made = new Map<string, MadeMember>();
    for (const demo of DEMO_MEMBERS) {
      const { n } = demo;
      const numbers = { ssn: demoSsn(n), msisdn: demoMsisdn(n), puk: String(10_000_000 + n * 7_654_321).slice(0, 8) };
      made.set(demo.email, await createMember(tx, now, { ...demoState(demo), numbers }));
    }
    // Households last: their lines are other demo members' SIMs.
    for (const owner of DEMO_MEMBERS.filter((d) => d.household))
      await createHousehold(
        tx,
        now,
        made.get(owner.email)!.memberId,
        owner.household!.map((email) => made.get(email)!.ssn),
      );
  });
}

/** Empties every table of the schema (tests): faster than a new database per test. */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = (Object.values(t) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`));
  // As the migration sets it: ticket numbers (their references) start above the demo complaints' fixed ones.
  await db.execute(sql`select setval(pg_get_serial_sequence('tickets', 'id'), 1000)`);
}

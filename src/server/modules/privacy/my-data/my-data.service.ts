import { randomBytes } from 'node:crypto';
import { eq, getTableName, inArray, is, like, or, type AnyColumn } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import * as schema from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { hashPassword, verifyPassword } from '../../../kernel/passwords.ts';
import { entriesOfMember, forMember } from '../../audit/index.ts';
import { eraseMember, useStepUpCode } from '../../identity/index.ts';
import { forgetMailTo } from '../../../integrations/mail/index.ts';
import { closeHouseholdsOf } from '../../household/index.ts';
import { lockMember } from '../../lines/index.ts';

/** What stands in a kept ticket's timeline for the words of a person who deleted their account (care's). */
export { ERASED_TEXT } from '../../care/index.ts';

const { members, sims, outbox, referralOutbox } = schema;
const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

/** Columns never exported: they are secrets, not information about the member (hashes, card tokens). */
export const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'binding_hash', 'code_hash', 'token']);

/**
 * How each table names the member, read from the schema: a foreign key to members, to the
 * member's SIMs, or to a row that names them (port-in events). A new table with such a key is
 * exported (and checked by the deletion test) without anyone remembering to add it here.
 */
export function memberLinks() {
  const links: { table: PgTable; name: string; column: AnyColumn; to: string }[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const to = getTableName(ref.foreignTable);
      for (const column of ref.columns) links.push({ table, name: config.name, column: column as AnyColumn, to });
    }
  }
  return links;
}

/** Tables that name the member without a key: mail to their address, and calls queued for the referral service. */
export const NAMED_BY_ADDRESS = ['outbox', 'referral_outbox'] as const;

type Rows = Record<string, unknown>[];
const clean = (rows: Rows) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => !SECRET_COLUMNS.has(snake(k)))
        .map(([k, v]) => [
          snake(k),
          v instanceof Date ? v.toISOString() : v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v,
        ]),
    ),
  );
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every row that names the member, table by table (rows of tables that point at the member's rows, transitively). */
export async function memberRows(q: Queryable, memberId: number): Promise<Record<string, Rows>> {
  const [member] = await q.select().from(members).where(eq(members.id, memberId));
  if (!member) return {};
  const out: Record<string, Rows> = { members: [member] };
  // Primary keys of the rows found so far, per table, to follow keys that point at them.
  const ids: Record<string, Set<unknown>> = { members: new Set([memberId]) };
  const links = memberLinks();
  for (let round = 0; round < 3; round++) {
    for (const link of links) {
      const known = ids[link.to];
      if (link.name === 'members') continue;
      out[link.name] ??= [];
      if (!known || known.size === 0) continue;
      const rows = (await q
        .select()
        .from(link.table)
        .where(inArray(link.column, [...known]))) as Rows;
      const have = (out[link.name] ??= []);
      const pk = getTableConfig(link.table).columns.find((c) => c.primary)?.name;
      for (const row of rows) {
        const key = JSON.stringify(row);
        if (have.some((r) => JSON.stringify(r) === key)) continue;
        have.push(row);
        if (pk) (ids[link.name] ??= new Set()).add(row[Object.keys(row).find((k) => snake(k) === pk)!]);
      }
    }
  }
  out['outbox'] = (await q.select().from(outbox).where(eq(outbox.to, member.email))) as Rows;
  out['referral_outbox'] = (await q
    .select()
    .from(referralOutbox)
    .where(
      or(
        like(referralOutbox.payload, `%${JSON.stringify(member.email).slice(1, -1)}%`),
        like(referralOutbox.payload, `%"user_id":"${memberId}"%`),
      ),
    )) as Rows;
  return out;
}

export async function exportData({ db, clock }: ServiceContext, memberId: number) {
  const rows = await memberRows(db, memberId);
  // Who at 48 opened the account in the last 12 months, as Settings → My data shows it (the audit log names the member without a key).
  const opened = await entriesOfMember(db, memberId, new Date(clock().getTime() - 365 * 86_400_000), 5000);
  return {
    exported_at: clock().toISOString(),
    member_id: memberId,
    tables: {
      ...Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, clean(r)])),
      who_at_48_opened_your_account: opened.map(forMember),
    },
  };
}

/**
 * Deletes the account (docs/product/member-controls.md): in one transaction, after the password and a
 * step-up code. Sessions end; the person's details are erased (rows only about them) or
 * anonymised (rows that carry amounts the law keeps: the ledger, balances, memberships, checkouts
 * and the SIM rows they hang on); the address is freed to sign up again; the referral service is
 * told to forget the member through the outbox (sent by the scheduled job).
 */
export async function deleteAccount(
  { db, clock }: ServiceContext,
  member: typeof members.$inferSelect,
  password: string,
  code: string | undefined,
): Promise<Outcome<null, 'wrongPassword' | StepUpFailure>> {
  if (!(await verifyPassword(password, member.passwordHash))) return refused('wrongPassword');
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    const allowed = await useStepUpCode(tx, clock, member.id, 'delete', code);
    if (!allowed.ok) return allowed;
    const now = clock();
    // Mail already sent or waiting that names the person goes.
    await forgetMailTo(tx, member.email);
    // Nothing renews or charges for an account that is gone; the SIMs stay (amounts hang on them) without their numbers.
    const ssns = (await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, member.id))).map((r) => r.ssn);
    // A household (docs/product/lifelines.md): an owner's is dissolved (what it set on its lines lifted, each
    // line told); a line leaves.
    await closeHouseholdsOf(tx, now, member.id, ssns);
    // Every module erases or pseudonymises its own rows about the person (each module's listeners.ts), then identity's.
    await eraseMember(tx, { member, ssns, now, clock }, unusable);
    return done(null);
  });
}

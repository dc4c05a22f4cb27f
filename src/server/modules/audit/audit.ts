import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { ACTION_WORDS, ROLE_WORDS, type StaffAction, type StaffRole } from '../../../contract/staff.ts';
import type { Queryable } from '../../db/client.ts';
import { staffAudit } from '../../db/schema.ts';
import { sha256 } from '../../kernel/tokens.ts';
import { csvText } from '../../kernel/csv.ts';

/** The chain's first link: the hash a first row names as the one before it. */
export const GENESIS = '0'.repeat(64);

export interface Actor {
  id: number;
  name: string;
  role: StaffRole;
}
export interface AuditFact {
  action: StaffAction;
  memberId: number | null;
  reason: string;
  result: string;
}

type Row = typeof staffAudit.$inferSelect;
/** A row's hash: its fields in a fixed order, and the hash of the row before. */
export const hashOf = (r: Omit<Row, 'id' | 'hash'>) => sha256(JSON.stringify([r.prevHash, ...fieldsOf(r)]));

/** What a row says, in the order its hash and the CSV read it. */
const fieldsOf = (r: Omit<Row, 'id' | 'hash' | 'prevHash'>) => [
  r.at.toISOString(),
  r.staffId,
  r.staffName,
  r.staffRole,
  r.action,
  r.memberId,
  r.reason,
  r.result,
];

/**
 * Appends one entry (within the caller's transaction, when there is one): the chain's tail is read under
 * a transaction-scoped advisory lock, so two appends at once (on any instance) link one after the other.
 */
export async function record(q: Queryable, at: Date, who: Actor, fact: AuditFact): Promise<number> {
  // Its own transaction (a savepoint inside the caller's): the tail is read and the row written under one lock.
  return q.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4848, 1)`);
    const [last] = await tx.select({ hash: staffAudit.hash }).from(staffAudit).orderBy(desc(staffAudit.id)).limit(1);
    const row = {
      at,
      staffId: who.id,
      staffName: who.name,
      staffRole: who.role,
      action: fact.action,
      memberId: fact.memberId,
      reason: fact.reason,
      result: fact.result,
      prevHash: last?.hash ?? GENESIS,
    };
    const [inserted] = await tx
      .insert(staffAudit)
      .values({ ...row, hash: hashOf(row) })
      .returning({ id: staffAudit.id });
    return inserted!.id;
  });
}

/** Follows the whole chain in pages: whether every row names the one before and hashes to itself. */
export async function checkChain(
  db: Queryable,
): Promise<{ intact: boolean; checked: number; brokenAt: number | null }> {
  let prev = GENESIS;
  let after = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(staffAudit)
      .where(gt(staffAudit.id, after))
      .orderBy(asc(staffAudit.id))
      .limit(2000);
    for (const r of rows) {
      checked++;
      if (r.prevHash !== prev || hashOf(r) !== r.hash) return { intact: false, checked, brokenAt: r.id };
      prev = r.hash;
    }
    if (rows.length < 2000) return { intact: true, checked, brokenAt: null };
    after = rows[rows.length - 1]!.id;
  }
}

/** The entries between two moments, oldest first. */
export const entriesBetween = (db: Queryable, from: Date, to: Date) =>
  db
    .select()
    .from(staffAudit)
    .where(and(gte(staffAudit.at, from), lt(staffAudit.at, to)))
    .orderBy(asc(staffAudit.id));

/** A member's entries, newest first (the 360's "opened by", and the member's own view). */
export const entriesOfMember = (db: Queryable, memberId: number, since: Date, limit = 200) =>
  db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.memberId, memberId), gte(staffAudit.at, since)))
    .orderBy(desc(staffAudit.id))
    .limit(limit);

/** What the member reads (docs/product/staff.md): when, the person's first name and role, the reason as written, what was done. */
export function forMember(r: Row) {
  return {
    at: r.at.toISOString(),
    first_name: r.staffName.split(/\s+/)[0] ?? r.staffName,
    role: ROLE_WORDS[r.staffRole],
    reason: r.reason,
    did: r.action === 'opened' ? ACTION_WORDS.opened : `${ACTION_WORDS[r.action]}: ${r.result}`,
  };
}

/** The log as RFC 4180 text (kernel/csv.ts). */
export function auditCsv(rows: Row[]): string {
  const head = [
    'id',
    'at',
    'staff_id',
    'staff_name',
    'staff_role',
    'action',
    'member_id',
    'reason',
    'result',
    'prev_hash',
    'hash',
  ];
  return csvText(
    head,
    rows.map((r) => [r.id, ...fieldsOf(r), r.prevHash, r.hash]),
  );
}

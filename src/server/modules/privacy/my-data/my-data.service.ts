import { randomBytes } from 'node:crypto';
import { and, eq, getTableName, inArray, is, isNotNull, like, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import * as schema from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { hashPassword, verifyPassword } from '../../../kernel/passwords.ts';
import { entriesOfMember, forMember } from '../../audit/index.ts';
import { payloadOf } from '../../community/index.ts';
import { useStepUpCode } from '../../identity/index.ts';
import { closeHouseholdsOf } from '../../household/index.ts';
import { lockMember, orderLineDeletion } from '../../lines/index.ts';

/** What stands in a kept ticket's timeline for the words of a person who deleted their account. */
export const ERASED_TEXT = 'Removed when the account was deleted.';

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
    const id = member.id;
    const s = schema;
    // Told before the address is gone: the service finds the member by id and address.
    await tx.insert(referralOutbox).values({
      call: 'forget',
      payload: JSON.stringify(payloadOf(member, now, { email_address: member.email })),
      createdAt: now,
    });
    // Mail and calls already sent that name the person.
    await tx.delete(outbox).where(eq(outbox.to, member.email));
    await tx
      .update(referralOutbox)
      .set({ payload: '{"erased":true}' })
      .where(
        sql`${referralOutbox.sentAt} is not null and (${referralOutbox.payload} like ${`%${JSON.stringify(member.email).slice(1, -1)}%`} or ${referralOutbox.payload} like ${`%"user_id":"${id}"%`})`,
      );
    // Rows only about the person: erased.
    for (const t of [
      s.sessions,
      s.storedCards,
      s.notifications,
      s.alerts,
      s.alertSettings,
      s.marketingPermissions,
      s.contactPreferences,
      s.segments,
      s.emailTokens,
      s.stepUpCodes,
      s.studentCodes,
      s.offerClaims,
      s.passkeys,
      s.webauthnChallenges,
      s.pushSubscriptions,
      // Live chats are no record the code keeps: they go, their lines with them.
      s.chats,
    ]) {
      await tx.delete(t).where(eq(t.memberId, id));
    }
    await tx.delete(s.portInRequests).where(eq(s.portInRequests.memberId, id));
    await tx.delete(s.referrals).where(eq(s.referrals.referrerMemberId, id));
    await tx.update(s.referrals).set({ friendMemberId: null }).where(eq(s.referrals.friendMemberId, id));
    await tx.update(s.recruits).set({ friendName: '' }).where(eq(s.recruits.recruiterMemberId, id));
    await tx.update(s.recruits).set({ friendMemberId: null }).where(eq(s.recruits.friendMemberId, id));
    // Orders keep what was sent (stock, accounting) without the name and address.
    await tx
      .update(s.orders)
      .set({ firstname: '', lastname: '', line1: '', line2: null, city: '', county: '', postcode: null, ip: null })
      .where(eq(s.orders.memberId, id));
    await tx.update(s.checkouts).set({ buyerEmail: null }).where(eq(s.checkouts.memberId, id));
    // Tickets and complaints are kept, pseudonymised: the reference stands for the person. A
    // complaint is a record the complaints code keeps a year after closing, text and files with it;
    // a ticket (a question) is not, so what they wrote and attached goes. Theirs are the account's
    // own and, when the account had proved its address, those written from that address in any case
    // (a visitor's messages before they signed up); an unproven address erases nobody's.
    const theirs = await tx
      .select({ id: s.tickets.id, kind: s.tickets.kind })
      .from(s.tickets)
      .where(
        or(
          eq(s.tickets.memberId, id),
          member.isVerified ? sql`lower(${s.tickets.email}) = lower(${member.email})` : undefined,
        ),
      );
    const questions = theirs.filter((t) => t.kind === 'ticket').map((t) => t.id);
    if (questions.length > 0) {
      await tx
        .update(s.ticketEntries)
        .set({ body: ERASED_TEXT })
        .where(and(inArray(s.ticketEntries.ticketId, questions), eq(s.ticketEntries.author, 'customer')));
      await tx.delete(s.ticketAttachments).where(inArray(s.ticketAttachments.ticketId, questions));
    }
    if (theirs.length > 0) {
      await tx
        .update(s.tickets)
        .set({ name: sql`${s.tickets.reference}`, email: '', msisdn: null, memberId: null })
        .where(
          inArray(
            s.tickets.id,
            theirs.map((t) => t.id),
          ),
        );
    }
    // Nothing renews or charges for an account that is gone.
    const ssns = (await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, id))).map((r) => r.ssn);
    if (ssns.length > 0)
      await tx.update(s.memberships).set({ recurrenceEnabled: false }).where(inArray(s.memberships.ssn, ssns));
    // A household (docs/product/lifelines.md): an owner's is dissolved (what it set on its lines lifted, each
    // line told); a line leaves.
    await closeHouseholdsOf(tx, now, id, ssns);
    if (ssns.length > 0) {
      // Where the SIM was abroad and when (docs/product/roaming.md) says where the person was: none of it is kept.
      await tx.delete(s.roamingUsage).where(inArray(s.roamingUsage.ssn, ssns));
      await tx.delete(s.roamingMonths).where(inArray(s.roamingMonths.ssn, ssns));
      await tx.delete(s.roamingProfiles).where(inArray(s.roamingProfiles.ssn, ssns));
    }
    // SIMs stay for the amounts hanging on them, without the number: it goes back to the network,
    // whose line is deleted (mobileLine delete, docs/product/network.md) after what was ordered for it.
    const lines = await tx
      .select({ ssn: sims.ssn, msisdn: sims.msisdn })
      .from(sims)
      .where(and(eq(sims.memberId, id), isNotNull(sims.msisdn), ne(sims.status, 'inactive')));
    for (const line of lines) await orderLineDeletion(tx, clock, { ssn: line.ssn, msisdn: line.msisdn! }, now);
    await tx
      .update(sims)
      .set({
        msisdn: null,
        status: 'inactive',
        puk: '',
        blockedAt: null,
        kind: 'physical',
        esimActivationCode: null,
        lineState: null,
      })
      .where(eq(sims.memberId, id));
    await tx
      .update(members)
      .set({
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: unusable,
        firstname: '',
        lastname: '',
        nickname: '',
        referredBy: null,
        affiliateId: null,
        isVerified: false,
        captureMarketingPermissions: false,
        spendLimitCents: null,
        deletedAt: now,
      })
      .where(eq(members.id, id));
    return done(null);
  });
}

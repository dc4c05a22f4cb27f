import { and, desc, eq, gte, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  balances,
  ledger,
  members,
  networkOrders,
  sims,
  staffMoney,
  staffNotes,
  staffPeople,
} from '../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { chatReference } from '../../../contract/chat.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import { entriesOfMember, record } from '../audit/index.ts';
import type { ChatDeskAdapter, TicketsAdapter } from '../care/index.ts';
import { resendVerification } from '../identity/index.ts';
import { nationalNumber } from '../network/index.ts';
import type { StaffSession } from './session.ts';

const DAY_MS = 86_400_000;

/** A number in any format a person types (+353 87 123 4567, 00353…, 087-123 4567) as ours (08…), or none. */
export function asNumber(q: string): string | undefined {
  const digits = q.replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{7,15}$/.test(digits)) return undefined;
  const national = nationalNumber(digits);
  return /^0[0-9]{8,10}$/.test(national) ? national : undefined;
}

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}…@${domain}`;
};

/**
 * Finds members (docs/product/staff.md "Finding and seeing"): by number in any format (the
 * number's unique index), SIM serial (the key), e-mail (its case-free unique index), else by name.
 * Names, masked addresses and numbers only: nothing of the account before a reason is given.
 * The search is audited.
 */
export async function findMembers({ db, clock }: ServiceContext, staff: StaffSession, q: string) {
  const text = q.trim();
  const found = await membersFound(db, text);
  // A search is a read: audited once, with what was looked for and how many it showed (no member:
  // it is not an opening, so no member reads it in their "who opened" list).
  await record(db, clock(), staff, {
    action: 'searched',
    memberId: null,
    reason: `Find “${text.slice(0, 100)}”`,
    result: `${found.length} found`,
  });
  return found;
}

async function membersFound(db: ServiceContext['db'], text: string) {
  const number = asNumber(text);
  const serial = /^[0-9]{15,22}$/.test(text.replace(/\s/g, '')) ? text.replace(/\s/g, '') : undefined;
  let ids: number[];
  if (number || serial) {
    const found = await db
      .select({ memberId: sims.memberId })
      .from(sims)
      .where(or(...(number ? [eq(sims.msisdn, number)] : []), ...(serial ? [eq(sims.ssn, serial)] : [])));
    ids = found.map((f) => f.memberId);
  } else if (text.includes('@')) {
    const found = await db
      .select({ id: members.id })
      .from(members)
      .where(and(sql`lower(${members.email}) = lower(${text})`, isNull(members.deletedAt)));
    ids = found.map((f) => f.id);
  } else {
    const like = `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    const found = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          isNull(members.deletedAt),
          or(ilike(sql`${members.firstname} || ' ' || ${members.lastname}`, like), ilike(members.nickname, like)),
        ),
      )
      .orderBy(members.id)
      .limit(20);
    ids = found.map((f) => f.id);
  }
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: members.id,
      first: members.firstname,
      last: members.lastname,
      email: members.email,
      msisdn: sims.msisdn,
    })
    .from(members)
    .leftJoin(sims, eq(sims.memberId, members.id))
    .where(and(inArray(members.id, [...new Set(ids)].slice(0, 20)), isNull(members.deletedAt)));
  const byId = new Map<number, { member_id: number; name: string; email: string; numbers: string[] }>();
  for (const r of rows) {
    const m = byId.get(r.id) ?? {
      member_id: r.id,
      name: `${r.first} ${r.last}`,
      email: maskEmail(r.email),
      numbers: [],
    };
    if (r.msisdn) m.numbers.push(r.msisdn);
    byId.set(r.id, m);
  }
  return [...byId.values()];
}

/**
 * A member's 360, opened with a reason: the opening is audited first (in the same transaction as the
 * reads' snapshot is not needed: the entry is written before anything is read or shown). Eight reads:
 * the account; the lines with their credit; their memberships; use credit could not pay; the ledger of
 * 90 days with what reversed each row; the network's orders; the notes; who opened it before.
 */
export async function openMember(
  { db, clock, tickets, chat }: ServiceContext & DeskLinks,
  staff: StaffSession,
  memberId: number,
  reason: string,
): Promise<Outcome<ReturnType<typeof shape>, 'noMember'>> {
  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!member) return refused('noMember');
  const now = clock();
  await record(db, now, staff, { action: 'opened', memberId, reason, result: 'shown' });
  // The lines with their credit, current membership and unpaid use in one read.
  const lines = await db
    .select({
      ssn: sims.ssn,
      msisdn: sims.msisdn,
      state: sims.lineState,
      blockedAt: sims.blockedAt,
      status: sims.status,
      credit: balances.creditCents,
      sku: sql<
        string | null
      >`(select m.sku from memberships m where m.ssn = ${sims.ssn} and m.starts_at <= ${now} and m.ends_at > ${now} order by m.ends_at desc limit 1)`,
      endsAt: sql<
        string | null
      >`(select m.ends_at from memberships m where m.ssn = ${sims.ssn} and m.starts_at <= ${now} and m.ends_at > ${now} order by m.ends_at desc limit 1)`,
      dataLeftKb: sql<
        number | null
      >`(select m.data_max_kb - m.data_used_kb from memberships m where m.ssn = ${sims.ssn} and m.starts_at <= ${now} and m.ends_at > ${now} order by m.ends_at desc limit 1)`,
      uncharged: sql<number>`(select coalesce(sum(u.cents), 0)::int from uncharged_usage u where u.ssn = ${sims.ssn})`,
    })
    .from(sims)
    .leftJoin(balances, eq(balances.ssn, sims.ssn))
    .where(eq(sims.memberId, memberId));
  const ssns = lines.map((l) => l.ssn);
  const none = ssns.length === 0;
  const moves = none
    ? []
    : await db
        .select({ l: ledger, reversedBy: staffMoney.id })
        .from(ledger)
        .leftJoin(staffMoney, eq(staffMoney.reverses, ledger.id))
        .where(and(inArray(ledger.ssn, ssns), gte(ledger.occurredAt, new Date(now.getTime() - 90 * DAY_MS))))
        .orderBy(desc(ledger.occurredAt), desc(ledger.id))
        .limit(500);
  const numbers = lines.map((l) => l.msisdn).filter((n): n is string => n !== null);
  const orders = none
    ? []
    : await db
        .select({
          id: networkOrders.id,
          service: networkOrders.service,
          action: networkOrders.action,
          state: networkOrders.state,
          at: networkOrders.createdAt,
        })
        .from(networkOrders)
        .where(
          or(inArray(networkOrders.line, ssns), ...(numbers.length ? [inArray(networkOrders.msisdn, numbers)] : [])),
        )
        .orderBy(desc(networkOrders.id))
        .limit(30);
  const notes = await db
    .select({ id: staffNotes.id, at: staffNotes.at, by: staffPeople.name, text: staffNotes.text })
    .from(staffNotes)
    .innerJoin(staffPeople, eq(staffPeople.id, staffNotes.personId))
    .where(eq(staffNotes.memberId, memberId))
    .orderBy(desc(staffNotes.at))
    .limit(50);
  const audit = await entriesOfMember(db, memberId, new Date(now.getTime() - 365 * DAY_MS), 50);
  const history = await historyOf(db, memberId, member.email);
  return done(shape({ member, lines, moves, orders, notes, audit, history, desk: { tickets, chat } }));
}

/** The help desk's and the chat desk's screens for a ticket or a chat (care's adapters). */
interface DeskLinks {
  tickets: Pick<TicketsAdapter, 'linkTo'>;
  chat: Pick<ChatDeskAdapter, 'linkTo'>;
}

type History = Awaited<ReturnType<typeof historyOf>>;

/**
 * What the member was told and what touched the account's security, in one read (the 360's budget
 * is eight): the latest alerts and mails, tickets and complaints, log-ins, step-up codes, changes to a
 * line, and the household. Never a code, a token or a mail's body.
 */
async function historyOf(db: ServiceContext['db'], memberId: number, email: string) {
  const { rows } = (await db.execute(sql`select
    (select coalesce(json_agg(a), '[]') from (select title, created_at as at from alerts where member_id = ${memberId} order by created_at desc limit 20) a) as alerts,
    (select coalesce(json_agg(o), '[]') from (select subject, created_at as at, sent_at from outbox where "to" = ${email} order by created_at desc limit 20) o) as mails,
    (select coalesce(json_agg(t), '[]') from (select id, desk_id, reference, kind, topic, state, created_at as at, due_on from tickets where member_id = ${memberId} order by id desc limit 20) t) as tickets,
    (select coalesce(json_agg(ch), '[]') from (select id, desk_id, state, created_at as at, ended_at from chats where member_id = ${memberId} order by id desc limit 10) ch) as chats,
    (select coalesce(json_agg(s), '[]') from (select created_at as at, last_used_at, ended_at from sessions where member_id = ${memberId} order by id desc limit 10) s) as log_ins,
    (select coalesce(json_agg(c), '[]') from (select purpose, created_at as at, ended_at from step_up_codes where member_id = ${memberId} order by id desc limit 10) c) as step_ups,
    (select coalesce(json_agg(l), '[]') from (select kind, msisdn, at, reported_at from line_changes where member_id = ${memberId} order by id desc limit 10) l) as line_changes,
    (select json_build_object('owner', h.owner_id = ${memberId}, 'lines', (select count(*) from household_lines x where x.household_id = h.id))
       from households h where h.owner_id = ${memberId}
          or h.id in (select hl.household_id from household_lines hl join sims s on s.ssn = hl.ssn where s.member_id = ${memberId})
       limit 1) as household`)) as unknown as {
    rows: {
      alerts: { title: string; at: string }[];
      mails: { subject: string; at: string; sent_at: string | null }[];
      tickets: {
        id: number;
        desk_id: string | null;
        reference: string;
        kind: string;
        topic: string;
        state: string;
        at: string;
        due_on: string | null;
      }[];
      chats: { id: number; desk_id: string | null; state: string; at: string; ended_at: string | null }[];
      log_ins: { at: string; last_used_at: string; ended_at: string | null }[];
      step_ups: { purpose: string; at: string; ended_at: string | null }[];
      line_changes: { kind: string; msisdn: string; at: string; reported_at: string | null }[];
      household: { owner: boolean; lines: number } | null;
    }[];
  };
  return rows[0]!;
}

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
/** A time inside a sentence, as the console shows every time (src/staff/screens/format.ts): Irish time. */
const irishTime = (v: string | Date) => irishFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(v));

function shape(r: {
  member: typeof members.$inferSelect;
  lines: {
    ssn: string;
    msisdn: string | null;
    state: string | null;
    blockedAt: Date | null;
    status: string;
    credit: number | null;
    sku: string | null;
    endsAt: string | Date | null;
    dataLeftKb: number | string | null;
    uncharged: number | string;
  }[];
  history: History;
  moves: { l: typeof ledger.$inferSelect; reversedBy: number | null }[];
  orders: { id: number; service: string; action: string; state: string; at: Date }[];
  notes: { id: number; at: Date; by: string; text: string }[];
  audit: Awaited<ReturnType<typeof entriesOfMember>>;
  desk: DeskLinks;
}) {
  const { member } = r;
  return {
    member_id: member.id,
    name: `${member.firstname} ${member.lastname}`,
    email: member.email,
    email_verified: member.isVerified,
    joined_at: member.createdAt.toISOString(),
    lines: r.lines.map((l) => ({
      ssn: l.ssn,
      msisdn: l.msisdn,
      state: l.blockedAt ? 'blocked (lost or stolen)' : (l.state ?? `waiting for the network (${l.status})`),
      credit_cents: l.credit ?? 0,
      membership: l.sku,
      membership_ends_at: iso(l.endsAt),
      data_left_mb: l.dataLeftKb === null ? null : Math.max(0, Math.floor(Number(l.dataLeftKb) / 1024)),
      uncharged_cents: Number(l.uncharged),
      number_lock: member.numberLockedAt !== null,
    })),
    ledger: r.moves.map(({ l, reversedBy }) => ({
      id: l.id,
      ssn: l.ssn,
      occurred_at: l.occurredAt.toISOString(),
      kind: l.kind,
      description: l.description,
      credit_delta_cents: l.creditDeltaCents,
      card_cents: l.cardCents,
      card_last4: l.cardLast4,
      reference: l.reference,
      reversed_by: reversedBy === null ? null : `staff:${reversedBy}`,
    })),
    orders: r.orders.map((o) => ({
      id: o.id,
      kind: `${o.service} ${o.action}`,
      state: o.state,
      at: o.at.toISOString(),
    })),
    notes: r.notes.map((n) => ({ id: n.id, at: n.at.toISOString(), by: n.by, text: n.text })),
    opened_by: r.audit.map(auditOut),
    told: [
      ...r.history.alerts.map((a) => ({ at: iso(a.at)!, what: `Alert: ${a.title}` })),
      ...r.history.mails.map((m) => ({
        at: iso(m.at)!,
        what: `Mail: ${m.subject}${m.sent_at ? '' : ' (not sent yet)'}`,
      })),
    ].sort((a, b) => b.at.localeCompare(a.at)),
    tickets: r.history.tickets.map((t) => ({
      reference: t.reference,
      kind: t.kind,
      topic: t.topic,
      state: t.state,
      at: iso(t.at)!,
      due_on: t.due_on,
      desk_url: r.desk.tickets.linkTo({ id: t.id, deskId: t.desk_id }),
    })),
    chats: r.history.chats.map((ch) => ({
      reference: chatReference(ch.id),
      state: ch.state,
      at: iso(ch.at)!,
      ended_at: iso(ch.ended_at),
      desk_url: r.desk.chat.linkTo({ id: ch.id, deskId: ch.desk_id }),
    })),
    security: [
      ...r.history.log_ins.map((l) => ({
        at: iso(l.at)!,
        what: `Log-in${l.ended_at ? `, ended ${irishTime(l.ended_at)}` : `, last used ${irishTime(l.last_used_at)}`}`,
      })),
      ...r.history.step_ups.map((c) => ({
        at: iso(c.at)!,
        what: `Step-up code for ${c.purpose}${c.ended_at ? '' : ' (not used)'}`,
      })),
      ...r.history.line_changes.map((c) => ({
        at: iso(c.at)!,
        what: `Change to ${c.msisdn}: ${c.kind}${c.reported_at ? ' (reported “this wasn’t me”)' : ''}`,
      })),
      ...(member.numberLockedAt ? [{ at: member.numberLockedAt.toISOString(), what: 'Number lock on' }] : []),
    ].sort((a, b) => b.at.localeCompare(a.at)),
    household: r.history.household
      ? {
          role: r.history.household.owner ? ('owner' as const) : ('line' as const),
          lines: Number(r.history.household.lines),
        }
      : null,
  };
}

export const auditOut = (a: Awaited<ReturnType<typeof entriesOfMember>>[number]) => ({
  id: a.id,
  at: a.at.toISOString(),
  staff_name: a.staffName,
  staff_role: a.staffRole,
  action: a.action,
  member_id: a.memberId,
  reason: a.reason,
  result: a.result,
});

/** A note on a member, audited with it (one transaction). */
export async function addNote({ db, clock }: ServiceContext, staff: StaffSession, memberId: number, text: string) {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId));
    if (!member) return refused('noMember');
    const now = clock();
    const [note] = await tx.insert(staffNotes).values({ memberId, personId: staff.id, text, at: now }).returning();
    await record(tx, now, staff, { action: 'note', memberId, reason: text.slice(0, 200), result: `note ${note!.id}` });
    return done({ id: note!.id, at: now.toISOString(), by: staff.name, text });
  });
}

/** The verification mail again, for an address not verified yet. */
export async function sendVerificationAgain(
  ctx: ServiceContext,
  staff: StaffSession,
  memberId: number,
  reason: string,
  siteUrl: string,
): Promise<Outcome<null, 'noMember' | 'verifiedAlready'>> {
  const [member] = await ctx.db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!member) return refused('noMember');
  if (member.isVerified) return refused('verifiedAlready');
  await resendVerification(ctx, member, undefined, siteUrl);
  await record(ctx.db, ctx.clock(), staff, { action: 'verification', memberId, reason, result: 'sent' });
  return done(null);
}

import { asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { euro } from '../../../contract/format.ts';
import { mayDo, STAFF_QUEUES, type StaffQueue } from '../../../contract/staff.ts';
import type { AppConfig } from '../../config.ts';
import {
  creditBacks,
  lineChanges,
  networkOrders,
  refundFiles,
  sims,
  staffPeople,
  staffRequests,
  staffTakes,
  unchargedUsage,
} from '../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { record } from '../audit/index.ts';
import {
  approveRefundFile,
  enterReturn,
  makeRefundFile,
  markFileSent,
  refundFilesOf,
  refundFileXml,
  waitingTransfers,
} from '../money/index.ts';
import { balanceDifferences } from '../network/index.ts';
import { openCases, openCaseWhere } from '../controls/index.ts';
import { expireRequests } from './money.service.ts';
import type { StaffSession } from './session.ts';

/** How long an item stays taken by one person unless they let it go. */
const TAKE_MS = 30 * 60_000;
const ITEMS = 10;

type Item = { ref: string; summary: string; at: Date; memberId: number | null };

/** Each queue's count, oldest date and oldest items (docs/product/staff.md "Work queues"), read on demand. */
const queueReads: Record<StaffQueue, (ctx: ServiceContext) => Promise<{ count: number; items: Item[] }>> = {
  requests: async ({ db, clock }) => {
    await expireRequests(db, clock());
    const where = eq(staffRequests.state, 'waiting');
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(staffRequests)
      .where(where);
    const rows = await db.select().from(staffRequests).where(where).orderBy(asc(staffRequests.askedAt)).limit(ITEMS);
    return {
      count: Number(n?.n ?? 0),
      items: rows.map((r) => ({
        ref: `request-${r.id}`,
        summary: `${r.kind === 'goodwill' ? 'Goodwill' : 'Reversal'} of ${euro(r.amountCents)}: ${r.reason}`,
        at: r.askedAt,
        memberId: r.memberId,
      })),
    };
  },
  fraud: async ({ db }) => {
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(lineChanges)
      .where(openCaseWhere);
    const rows = await openCases(db, ITEMS);
    return {
      count: Number(n?.n ?? 0),
      items: rows.map((r) => ({
        ref: `case-${r.id}`,
        summary: `“This wasn’t me”: ${r.kind} on ${r.msisdn}`,
        at: r.reportedAt!,
        memberId: r.memberId,
      })),
    };
  },
  uncharged: async ({ db }) => {
    const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(unchargedUsage);
    const rows = await db
      .select({ u: unchargedUsage, memberId: sims.memberId })
      .from(unchargedUsage)
      .innerJoin(sims, eq(sims.ssn, unchargedUsage.ssn))
      .orderBy(asc(unchargedUsage.recordedAt))
      .limit(ITEMS);
    return {
      count: Number(n?.n ?? 0),
      items: rows.map(({ u, memberId }) => ({
        ref: `uncharged-${u.reference}`,
        summary: `${euro(u.cents)} unpaid: ${u.description}`,
        at: u.recordedAt,
        memberId,
      })),
    };
  },
  balances: async ({ db }) => {
    const { ranAt, differences } = await balanceDifferences(db);
    const numbers = differences.map((d) => d.msisdn);
    const owners = numbers.length
      ? await db
          .select({ msisdn: sims.msisdn, memberId: sims.memberId })
          .from(sims)
          .where(inArray(sims.msisdn, numbers))
      : [];
    const cents = (v: string) => (/^-?[0-9]+$/.test(v) ? euro(Number(v)) : v);
    return {
      count: differences.length,
      items: differences.slice(0, ITEMS).map((d) => ({
        ref: `balance-${d.msisdn}`,
        summary: `${d.msisdn}: ours ${cents(d.ours)}, the network’s ${cents(d.network)}`,
        at: ranAt!,
        memberId: owners.find((o) => o.msisdn === d.msisdn)?.memberId ?? null,
      })),
    };
  },
  orders: async ({ db }) => {
    const where = inArray(networkOrders.state, ['failed', 'rejected', 'partial', 'cancelled']);
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(networkOrders)
      .where(where);
    const rows = await db.select().from(networkOrders).where(where).orderBy(asc(networkOrders.updatedAt)).limit(ITEMS);
    return {
      count: Number(n?.n ?? 0),
      items: rows.map((o) => ({
        ref: `order-${o.id}`,
        summary: `${o.service} ${o.action} for ${o.msisdn ?? o.line}: ${o.state}${o.reason ? ` (${o.reason})` : ''}`,
        at: o.updatedAt,
        memberId: null,
      })),
    };
  },
  transfers: async ({ db }) => {
    const rows = await waitingTransfers(db);
    return {
      count: rows.length,
      items: rows.slice(0, ITEMS).map((r) => ({
        ref: `credit-back-${r.id}`,
        summary: `${euro(r.amountCents ?? 0)} to ${r.accountName ?? 'a bank account'} for ${r.msisdn}`,
        at: r.requestedAt ?? r.leftAt,
        memberId: null,
      })),
    };
  },
  files: async ({ db }) => {
    const rows = await db
      .select()
      .from(refundFiles)
      .where(isNull(refundFiles.sentAt))
      .orderBy(asc(refundFiles.createdAt));
    return {
      count: rows.length,
      items: rows.slice(0, ITEMS).map((f) => ({
        ref: `file-${f.id}`,
        summary: `${f.messageId}: ${f.payments} transfers, ${euro(f.totalCents)}, ${f.approvedAt ? 'approved, not sent' : 'waiting for approval'}`,
        at: f.createdAt,
        memberId: null,
      })),
    };
  },
};

/** The queues the role works, with who has taken each item shown. */
export async function queuesFor(ctx: ServiceContext, staff: StaffSession) {
  const mine = (Object.keys(STAFF_QUEUES) as StaffQueue[]).filter((q) => mayDo(staff.role, STAFF_QUEUES[q].permission));
  const now = ctx.clock();
  const takes = await ctx.db
    .select({ queue: staffTakes.queue, ref: staffTakes.ref, name: staffPeople.name })
    .from(staffTakes)
    .innerJoin(staffPeople, eq(staffPeople.id, staffTakes.personId))
    .where(gt(staffTakes.until, now));
  const out = [];
  for (const id of mine) {
    const { count, items } = await queueReads[id](ctx);
    out.push({
      id,
      title: STAFF_QUEUES[id].title,
      count,
      oldest_at: items[0]?.at.toISOString() ?? null,
      items: items.map((i) => ({
        ref: i.ref,
        summary: i.summary,
        at: i.at.toISOString(),
        member_id: i.memberId,
        taken_by: takes.find((t) => t.queue === id && t.ref === i.ref)?.name ?? null,
      })),
    });
  }
  return out;
}

/** Takes an item: one person at a time (a take past its time is anyone's again). */
export async function takeItem(
  { db, clock }: ServiceContext,
  staff: StaffSession,
  queue: StaffQueue,
  ref: string,
): Promise<Outcome<null, 'notPermitted' | 'takenByOther'>> {
  if (!mayDo(staff.role, STAFF_QUEUES[queue].permission)) return refused('notPermitted');
  const now = clock();
  const until = new Date(now.getTime() + TAKE_MS);
  const [taken] = await db
    .insert(staffTakes)
    .values({ queue, ref, personId: staff.id, until })
    .onConflictDoUpdate({
      target: [staffTakes.queue, staffTakes.ref],
      set: { personId: staff.id, until },
      setWhere: sql`${staffTakes.personId} = ${staff.id} or ${staffTakes.until} <= ${now}`,
    })
    .returning({ person: staffTakes.personId });
  return taken ? done(null) : refused('takenByOther');
}

type FileRow = Pick<
  NonNullable<Awaited<ReturnType<typeof refundFileXml>>>,
  'id' | 'messageId' | 'createdAt' | 'madeBy' | 'approvedBy' | 'approvedAt' | 'sentAt' | 'payments' | 'totalCents'
>;
/** A refund file as the console shows it, with the names of its maker and checker. */
async function fileOut(ctx: ServiceContext, f: FileRow) {
  const ids = [f.madeBy, f.approvedBy].filter((x): x is number => x !== null);
  const people = ids.length ? await ctx.db.select().from(staffPeople).where(inArray(staffPeople.id, ids)) : [];
  const name = (id: number | null) => (id === null ? null : (people.find((p) => p.id === id)?.name ?? `#${id}`));
  return {
    id: f.id,
    message_id: f.messageId,
    made_at: f.createdAt.toISOString(),
    made_by: f.madeBy === null ? 'the morning’s job' : name(f.madeBy),
    approved_by: name(f.approvedBy),
    approved_at: f.approvedAt?.toISOString() ?? null,
    sent_at: f.sentAt?.toISOString() ?? null,
    payments: f.payments,
    total_cents: f.totalCents,
  };
}

export async function refundOverview(ctx: ServiceContext, config: AppConfig) {
  const waiting = await waitingTransfers(ctx.db);
  const files = await refundFilesOf(ctx.db);
  return {
    waiting: waiting.length,
    waiting_cents: waiting.reduce((s, r) => s + (r.amountCents ?? 0) - (r.cardCents ?? 0), 0),
    can_make: config.finance?.debtor !== undefined,
    files: await Promise.all(files.map((f) => fileOut(ctx, f))),
  };
}

const fileById = (ctx: ServiceContext, id: number) => refundFileXml(ctx.db, id);

export async function makeFile(ctx: ServiceContext, config: AppConfig, staff: StaffSession) {
  const debtor = config.finance?.debtor;
  if (!debtor) return refused('noDebtor');
  const file = await makeRefundFile(ctx.db, ctx.clock, debtor, staff.id);
  if (!file) return done({ message: 'No transfer was waiting.', file: null });
  await record(ctx.db, ctx.clock(), staff, {
    action: 'refund-file-made',
    memberId: null,
    reason: 'The day’s credit-back transfers',
    result: `${file.messageId}: ${file.payments} transfers, ${euro(file.totalCents)}`,
  });
  const row = await fileById(ctx, file.id);
  return done({
    message: `File ${file.messageId} made: ${file.payments} ${file.payments === 1 ? 'transfer' : 'transfers'}. Another person of finance approves it.`,
    file: row ? await fileOut(ctx, row) : null,
  });
}

export async function approveFile(ctx: ServiceContext, staff: StaffSession, id: number) {
  const outcome = await approveRefundFile(ctx.db, ctx.clock, id, staff.id);
  if (outcome === 'noFile') return refused('noFile');
  if (outcome === 'ownFile') return refused('ownFile');
  if (outcome === 'approvedAlready') return refused('fileApprovedAlready');
  await record(ctx.db, ctx.clock(), staff, {
    action: 'refund-file-approved',
    memberId: null,
    reason: 'Checked the file against the waiting transfers',
    result: `${outcome.messageId} approved`,
  });
  const row = await fileById(ctx, id);
  return done({
    message: `File ${outcome.messageId} approved: it may be sent to the bank.`,
    file: await fileOut(ctx, row!),
  });
}

export async function fileXml(ctx: ServiceContext, id: number) {
  const file = await refundFileXml(ctx.db, id);
  if (!file) return refused('noFile');
  if (!file.approvedAt) return refused('fileNotApproved');
  return done({ message_id: file.messageId, xml: file.xml });
}

export async function fileSent(ctx: ServiceContext, staff: StaffSession, id: number) {
  const file = await refundFileXml(ctx.db, id);
  if (!file) return refused('noFile');
  if (file.sentAt) return refused('fileSentAlready');
  if (!file.approvedAt) return refused('fileNotApproved');
  const paid = await markFileSent(ctx.db, ctx.clock, id);
  if (paid === null) return refused('fileSentAlready');
  await record(ctx.db, ctx.clock(), staff, {
    action: 'refund-file-sent',
    memberId: null,
    reason: 'Sent to the bank',
    result: `${file.messageId}: ${paid} paid`,
  });
  const row = await fileById(ctx, id);
  return done({
    message: `Marked sent: ${paid} ${paid === 1 ? 'transfer' : 'transfers'} paid.`,
    file: await fileOut(ctx, row!),
  });
}

export async function returnTransfer(ctx: ServiceContext, staff: StaffSession, endToEndId: string, reason: string) {
  const outcome = await enterReturn(ctx.db, ctx.clock, endToEndId, reason);
  if (outcome === 'unknown') return refused('noTransfer');
  if (outcome === 'notPaid') return refused('transferNotPaid');
  const [row] = await ctx.db
    .select({ memberId: sims.memberId })
    .from(creditBacks)
    .innerJoin(sims, eq(sims.ssn, creditBacks.ssn))
    .where(eq(creditBacks.id, Number(/^CB-(\d+)-/.exec(endToEndId)![1])));
  await record(ctx.db, ctx.clock(), staff, {
    action: 'refund-returned',
    memberId: row?.memberId ?? null,
    reason,
    result: `${endToEndId} returned: the credit is the member’s again`,
  });
  return done({ message: 'Entered: the credit is the member’s again, and they are told.' });
}

export async function peopleList(ctx: ServiceContext) {
  const rows = await ctx.db.select().from(staffPeople).orderBy(desc(staffPeople.lastSignInAt)).limit(500);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    role: p.role,
    last_sign_in_at: p.lastSignInAt.toISOString(),
  }));
}

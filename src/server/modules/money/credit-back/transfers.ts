import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import SEPA from 'sepa';
import { irishDayOf, irishHourOf } from '../../../../contract/irish-time.ts';
import type { PainFormat } from '../../../../contract/port-out-credit.ts';
import { COMPANY } from '../../../../contract/transactions.ts';
import { bankingDayFrom } from '../../../kernel/working-days.ts';
import { formatMsisdn } from '../../../../contract/format.ts';
import type { Database, Queryable } from '../../../db/client.ts';
import { creditBacks, refundFiles } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { cardPartOf, creditBackPaid, creditBackRefused, endToEndIdOf } from './credit-back.ts';
import { sepaText } from './sepa-text.ts';

/**
 * Credit back by bank transfer (docs/product/money.md "Credit back"): the transfers asked for go out
 * in a day's SEPA credit-transfer file (ISO 20022 pain.001.001.09, or .03 where a setting asks; made
 * with sepa.js), each in one
 * file at most: a transfer is taken into a file only while it is in none, in the file's transaction.
 * Finance downloads the file, sends it to the bank and marks it sent (the transfers are then paid); a
 * transfer the bank returns is entered and its credit comes back.
 */

/** The account the refunds are paid from (finance's settings; the sandbox's own when none), and the message its files are in. */
export interface Debtor {
  name: string;
  iban: string;
  bic: string;
  /** pain.001.001.09 (the EPC's rulebooks since 2023) unless a setting asks for the 2019 guideline's .03. */
  painFormat?: PainFormat;
}

/** The sandbox's paying account: the IBAN standard's own Irish example, so no real account is named. */
export const SANDBOX_DEBTOR: Debtor = { name: '48 Sandbox Refunds', iban: 'IE29AIBK93115212345678', bic: 'AIBKIE2D' };

/** The payer's address, which the rulebook asks for a transfer outside the EEA: 48's registered office. */
const PAYER_ADDRESS = { street: COMPANY.postal.street, town: COMPANY.postal.town, country: COMPANY.postal.country };

/** The Irish calendar day as a local Date (sepa.js writes a date from the Date's local fields, whatever the server's zone). */
const asLocalDay = (day: string) =>
  new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** Transfers asked for and in no file yet (what a file would carry now, and what /panda/ready counts). */
export const waitingTransfers = (q: Queryable) =>
  q
    .select()
    .from(creditBacks)
    .where(and(eq(creditBacks.method, 'bank'), eq(creditBacks.state, 'requested'), isNull(creditBacks.fileId)))
    .orderBy(asc(creditBacks.requestedAt), asc(creditBacks.id));

/** What of a request goes by transfer: its amount less what goes back to the cards. */
const transferCents = (row: typeof creditBacks.$inferSelect) => (row.amountCents ?? 0) - cardPartOf(row);

/** A file's message id: the day and a random part (Max35Text, unique at the bank). */
const messageIdOf = (now: Date) => `48-CB-${irishDayOf(now).replaceAll('-', '')}-${randomBytes(6).toString('hex')}`;

/**
 * The day's file of the transfers waiting, made now (none waiting: none). The transfers are locked
 * and taken into it in one transaction: made twice at once, one file has them, the other nothing.
 */
export async function makeRefundFile(db: Database, clock: Clock, debtor: Debtor, madeBy: number | null = null) {
  return db.transaction(async (tx) => {
    const now = clock();
    const rows = await waitingTransfers(tx).for('update', { skipLocked: true });
    if (rows.length === 0) return null;
    const doc = new SEPA.Document(debtor.painFormat ?? 'pain.001.001.09');
    const messageId = messageIdOf(now);
    doc.grpHdr.id = messageId;
    doc.grpHdr.created = now;
    doc.grpHdr.initiatorName = sepaText(debtor.name);
    const info = doc.createPaymentInfo();
    // The next banking day in Irish time (a file made at 00:30 Irish summer time is that Irish day's; a weekend's, Monday's).
    info.requestedExecutionDate = asLocalDay(bankingDayFrom(irishDayOf(now)));
    info.debtorIBAN = debtor.iban;
    info.debtorBIC = debtor.bic;
    info.debtorName = sepaText(debtor.name);
    // The payer's address, which the rulebook asks when a transfer goes outside the EEA (given always: one payment block).
    info.debtorStreet = PAYER_ADDRESS.street;
    info.debtorCity = PAYER_ADDRESS.town;
    info.debtorCountry = PAYER_ADDRESS.country;
    doc.addPaymentInfo(info);
    for (const row of rows) {
      const transfer = info.createTransaction();
      transfer.creditorName = sepaText(row.accountName!);
      transfer.creditorIBAN = row.iban!;
      // The beneficiary bank's BIC where the rulebook asks it (a SEPA country outside the EEA), or the member gave it.
      if (row.bic) transfer.creditorBIC = row.bic;
      // The transfer's part: what the cards that paid take back is theirs.
      transfer.amount = transferCents(row) / 100;
      transfer.end2endId = endToEndIdOf(row);
      transfer.remittanceInfo = `48 credit back for ${formatMsisdn(row.msisdn)}`;
      info.addTransaction(transfer);
    }
    const totalCents = rows.reduce((sum, r) => sum + transferCents(r), 0);
    const [file] = await tx
      .insert(refundFiles)
      .values({ messageId, createdAt: now, xml: doc.toString(), payments: rows.length, totalCents, madeBy })
      .returning();
    for (const row of rows)
      await tx
        .update(creditBacks)
        .set({ fileId: file!.id })
        .where(and(eq(creditBacks.id, row.id), isNull(creditBacks.fileId)));
    return file!;
  });
}

/** The minute's job: from 06:00 (Irish time), the day's file of what is waiting, once a day. */
export async function makeDailyRefundFile(db: Database, clock: Clock, debtor: Debtor | undefined) {
  const now = clock();
  if (!debtor || irishHourOf(now) < 6) return null;
  const [last] = await db.select().from(refundFiles).orderBy(desc(refundFiles.createdAt)).limit(1);
  if (last && irishDayOf(last.createdAt) === irishDayOf(now)) return null;
  return makeRefundFile(db, clock, debtor);
}

export const refundFilesOf = (q: Queryable) =>
  q
    .select({
      id: refundFiles.id,
      messageId: refundFiles.messageId,
      createdAt: refundFiles.createdAt,
      payments: refundFiles.payments,
      totalCents: refundFiles.totalCents,
      sentAt: refundFiles.sentAt,
      madeBy: refundFiles.madeBy,
      approvedBy: refundFiles.approvedBy,
      approvedAt: refundFiles.approvedAt,
    })
    .from(refundFiles)
    .orderBy(desc(refundFiles.createdAt))
    .limit(30);

export const refundFileXml = async (q: Queryable, id: number) =>
  (await q.select().from(refundFiles).where(eq(refundFiles.id, id)))[0];

/**
 * The checker approves a file another person (or the morning's job) made: once, never its maker
 * (the table's check refuses it too). Answers what stopped it, or the file approved.
 */
export async function approveRefundFile(db: Database, clock: Clock, id: number, by: number) {
  return db.transaction(async (tx) => {
    const [file] = await tx.select().from(refundFiles).where(eq(refundFiles.id, id)).for('update');
    if (!file) return 'noFile' as const;
    if (file.madeBy === by) return 'ownFile' as const;
    if (file.approvedAt) return 'approvedAlready' as const;
    const [approved] = await tx
      .update(refundFiles)
      .set({ approvedBy: by, approvedAt: clock() })
      .where(and(eq(refundFiles.id, id), isNull(refundFiles.approvedAt)))
      .returning();
    return approved ?? ('approvedAlready' as const);
  });
}

/** Finance sent an approved file to the bank: its transfers are paid (once: a file is marked sent once). */
export async function markFileSent(db: Database, clock: Clock, id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [file] = await tx
      .update(refundFiles)
      .set({ sentAt: clock() })
      .where(and(eq(refundFiles.id, id), isNull(refundFiles.sentAt), isNotNull(refundFiles.approvedAt)))
      .returning();
    if (!file) return null;
    const rows = await tx.select().from(creditBacks).where(eq(creditBacks.fileId, id));
    let paid = 0;
    for (const row of rows) if (await creditBackPaid(tx, clock, row.id)) paid += 1;
    return paid;
  });
}

/**
 * A transfer the bank returned (an account closed, a name that does not match), entered by finance
 * by its end-to-end id: refused with the bank's reason, and the credit is the member's again.
 */
export async function enterReturn(db: Database, clock: Clock, endToEndId: string, reason: string) {
  const match = /^CB-(\d+)-\d+$/.exec(endToEndId.trim());
  if (!match) return 'unknown' as const;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(creditBacks)
      .where(eq(creditBacks.id, Number(match[1])))
      .for('update');
    if (!row || row.method !== 'bank' || endToEndIdOf(row) !== endToEndId.trim()) return 'unknown' as const;
    if (row.state !== 'paid') return 'notPaid' as const;
    await creditBackRefused(
      tx,
      clock,
      row.id,
      `your bank returned the transfer (${reason.trim() || 'no reason given'})`,
      'paid',
    );
    return 'returned' as const;
  });
}

/** The sandbox's view of transfers: how many wait for the next file, and the latest file as the bank gets it. */
export async function latestRefundFile(q: Queryable) {
  const [latest] = await refundFilesOf(q);
  return {
    waiting: (await waitingTransfers(q)).length,
    file: latest ? await refundFileXml(q, latest.id) : undefined,
  };
}

/** What /panda/ready says of the refunds by transfer: waiting for a file, files not approved or not sent, whether finance's console is on. */
export async function refundsState(db: Queryable, config: { staff?: object }) {
  const [waiting] = await db
    .select({
      n: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${creditBacks.amountCents} - coalesce(${creditBacks.cardCents}, 0)), 0)::int`,
    })
    .from(creditBacks)
    .where(and(eq(creditBacks.method, 'bank'), eq(creditBacks.state, 'requested'), isNull(creditBacks.fileId)));
  const [unsent] = await db
    .select({
      n: sql<number>`count(*)::int`,
      unapproved: sql<number>`(count(*) filter (where ${refundFiles.approvedAt} is null))::int`,
    })
    .from(refundFiles)
    .where(isNull(refundFiles.sentAt));
  return {
    waiting: Number(waiting?.n ?? 0),
    waiting_cents: Number(waiting?.cents ?? 0),
    unsent_files: Number(unsent?.n ?? 0),
    unapproved_files: Number(unsent?.unapproved ?? 0),
    console: config.staff ? ('on' as const) : ('off' as const),
  };
}

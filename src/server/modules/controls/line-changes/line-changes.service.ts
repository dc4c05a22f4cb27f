import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { formatMsisdn } from '../../../../contract/format.ts';
import {
  LINE_CHANGE_LINK_DAYS,
  lineChangeSaid,
  lineChangeTitle,
  type LineChangeDetail,
  type LineChangeKind,
} from '../../../../contract/line-changes.ts';
import { lineChangesMessages } from '../../../../contract/line-changes.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { lineChanges, members, sims } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { DAY } from '../../../kernel/clock.ts';
import { siteLink } from '../../../kernel/links.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { randomToken, sha256 } from '../../../kernel/tokens.ts';
import { notify, pushToMember, sayIn, type NoticeValue } from '../../alerts/index.ts';
import { pathIn, type Locale } from '../../../../contract/i18n/locales.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import { openFraudTicket } from '../../care/index.ts';
import { endSessions } from '../../identity/index.ts';
import { lockMember, type TellContext } from '../../lines/index.ts';
import { blockLine } from '../security/security.service.ts';

/**
 * "This wasn't me" (docs/product/member-controls.md): every change of SIM, port-out asked for and
 * port-out done is kept in its own transaction, then mailed and pushed to the member with a link
 * that needs no password. The link's token exists only in that mail and push (its hash is kept).
 */

export async function keepLineChange(
  tx: Queryable,
  change: {
    memberId: number;
    kind: LineChangeKind;
    msisdn: string;
    ssn: string | null;
    detail: LineChangeDetail;
    at: Date;
  },
) {
  await tx.insert(lineChanges).values({
    ...change,
    createdAt: change.at,
    expiresAt: new Date(change.at.getTime() + LINE_CHANGE_LINK_DAYS * DAY),
  });
}

/** The link's page in the member's language (the token in the fragment, never sent to a server). */
const linkPath = (token: string, language: Locale): `/${string}` =>
  `${pathIn(language, '/this-wasnt-me')}#token=${token}`;

/**
 * Tells each member of the changes not told yet: the mail (in the outbox) and the link's hash are
 * written together, once (the row is claimed by `mailed_at`); the push follows the commit. Run at
 * once by the request or event that made the change, and by the minute's job for any left behind.
 */
export async function tellLineChanges({ db, clock, siteUrl, push, pushOrigins }: TellContext): Promise<number> {
  const untold = await db
    .select({ id: lineChanges.id })
    .from(lineChanges)
    .where(isNull(lineChanges.mailedAt))
    .orderBy(asc(lineChanges.id))
    .limit(50);
  let told = 0;
  for (const { id } of untold) {
    const token = randomToken();
    const mailed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(lineChanges)
        .set({ mailedAt: clock(), tokenHash: sha256(token) })
        .where(and(eq(lineChanges.id, id), isNull(lineChanges.mailedAt)))
        .returning();
      if (!row) return undefined;
      const [member] = await tx
        .select({
          email: members.email,
          firstname: members.firstname,
          deletedAt: members.deletedAt,
          language: members.language,
        })
        .from(members)
        .where(eq(members.id, row.memberId));
      if (!member || member.deletedAt) return undefined;
      // In the member's language (docs/product/languages.md): the mail and the push alike.
      const language = member.language;
      const what = sayIn(language, lineChangeSaid(row.kind, row.msisdn, row.at, row.detail));
      const title = sayIn(language, lineChangeTitle(row.kind));
      await sendMail(tx, clock, {
        to: member.email,
        subject: message(language, 'mail.lineChange.subject', { title }),
        body: message(language, 'mail.lineChange.body', {
          name: member.firstname,
          what,
          ifNot: message(language, row.kind === 'portedOut' ? 'mail.lineChange.ifGone' : 'mail.lineChange.ifTaking'),
          link: siteLink(siteUrl, linkPath(token, language)),
          days: LINE_CHANGE_LINK_DAYS,
        }),
      });
      return {
        memberId: row.memberId,
        title,
        body: message(language, 'push.lineChange.body', { what }),
        url: linkPath(token, language),
      };
    });
    if (!mailed) continue;
    told += 1;
    // Security news reaches every device, whatever the member's alert switches say; its link is the mail's.
    if (push?.publicKey)
      await pushToMember(db, push, pushOrigins, mailed.memberId, {
        title: mailed.title,
        body: mailed.body,
        url: mailed.url,
      }).catch(() => 0);
  }
  return told;
}

/** The change as the page of the link says it, in the member's language (the desk's case: English). */
const changeOf = (row: typeof lineChanges.$inferSelect, language: Locale = 'en') => ({
  kind: row.kind,
  msisdn: row.msisdn,
  at: row.at.toISOString(),
  what: sayIn(language, lineChangeSaid(row.kind, row.msisdn, row.at, row.detail)),
  title: sayIn(language, lineChangeTitle(row.kind)),
  link_until: row.expiresAt.toISOString(),
});

/** What a link is about while it still works; reading it changes nothing (a mail scanner may open it). */
export async function lineChangeOf({ db, clock }: ServiceContext, token: string) {
  const [found] = await db
    .select({ row: lineChanges, language: members.language })
    .from(lineChanges)
    .innerJoin(members, eq(members.id, lineChanges.memberId))
    .where(
      and(eq(lineChanges.tokenHash, sha256(token)), isNull(lineChanges.reportedAt), gt(lineChanges.expiresAt, clock())),
    );
  // In the language of the member the link was mailed to: its page is in it.
  return found ? done(changeOf(found.row, found.language)) : refused('linkGone');
}

/**
 * "This wasn't me", once per link (the first press claims it; the others find it used): in one
 * transaction the SIM that has the number now is blocked and suspended at the network (the lost-SIM
 * order), every session of the member ends (a passkey's too, and the devices' push with them), a fraud
 * case opens at the top of the desk's queue (the help desk signs the member out when it takes it), and
 * the member finds in my48 and their mailbox what happened and the way back.
 */
export async function reportLineChange(
  { db, clock }: ServiceContext,
  token: string,
): Promise<
  Outcome<
    { change: ReturnType<typeof changeOf>; line_blocked: boolean; reference: string; message: string },
    'linkGone'
  >
> {
  return db.transaction(async (tx) => {
    const now = clock();
    const [row] = await tx
      .update(lineChanges)
      .set({ reportedAt: now })
      .where(
        and(eq(lineChanges.tokenHash, sha256(token)), isNull(lineChanges.reportedAt), gt(lineChanges.expiresAt, now)),
      )
      .returning();
    if (!row) return refused('linkGone');
    await lockMember(tx, row.memberId);
    const [member] = await tx.select().from(members).where(eq(members.id, row.memberId));
    const [sim] = await tx
      .select()
      .from(sims)
      .where(and(eq(sims.msisdn, row.msisdn), eq(sims.memberId, row.memberId), ne(sims.status, 'inactive')))
      .for('update');
    const blocked = sim ? await blockLine(tx, clock, sim) : undefined;
    await endSessions(tx, { memberId: row.memberId }, now);
    const change = changeOf(row);
    const number = formatMsisdn(row.msisdn);
    const language = member!.language;
    const said = changeOf(row, language);
    const reference = await openFraudTicket(
      tx,
      now,
      { id: row.memberId, name: `${member!.firstname} ${member!.lastname}`, email: member!.email },
      row.msisdn,
      [
        `The member says this change to ${number} was not theirs ("This wasn't me", pressed ${now.toISOString()}):`,
        change.what,
        `Event: ${row.kind} at ${row.at.toISOString()}${row.ssn ? `, SIM ${row.ssn}` : ''}.`,
        ...(row.detail.recipient ? [`The network taking the number: ${row.detail.recipient}.`] : []),
        ...(row.detail.port_date ? [`Port date: ${row.detail.port_date}.`] : []),
        ...(row.detail.reason ? [`The network's reason: ${row.detail.reason}.`] : []),
        blocked
          ? `Done by the portal: SIM ${blocked.ssn} blocked and its line suspended at the network; every my48 session ended; the member signed out of the help desk.`
          : 'The number has left us: nothing to block here. Every my48 session ended; the member signed out of the help desk. Ask the network taking it to return the number.',
        'Call the member back on a number or address known before the change.',
      ].join('\n'),
    );
    // What the member is told, in their language: the notice, and the mail with the case.
    const what = lineChangeSaid(row.kind, row.msisdn, row.at, row.detail);
    const wayBack: NoticeValue = { say: blocked ? 'notice.lc.wayBackBlocked' : 'notice.lc.wayBackGone' };
    await notify(tx, row.memberId, now, {
      notice: 'lineChangeReported',
      values: {
        what,
        done: blocked ? { say: 'notice.lc.blocked', values: { number } } : { say: 'notice.lc.signedOut' },
        reference,
        wayBack,
      },
    });
    await sendMail(tx, clock, {
      to: member!.email,
      subject: message(language, 'mail.lineStopped.subject', { reference }),
      body: message(language, 'mail.lineStopped.body', {
        name: member!.firstname,
        what: sayIn(language, what),
        state: blocked
          ? message(language, 'mail.lineStopped.blocked', { number })
          : message(language, 'mail.lineStopped.gone'),
        reference,
        wayBack: sayIn(language, wayBack),
      }),
    });
    const thanks = blocked ? 'reported' : 'reportedGone';
    return done({
      change: said,
      line_blocked: blocked !== undefined,
      reference,
      message: language === 'en' ? lineChangesMessages[thanks] : message(language, `lineChange.${thanks}`),
    });
  });
}

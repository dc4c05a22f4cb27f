import { and, desc, eq, lt, lte, or } from 'drizzle-orm';
import type { PageCursor } from '../../../contract/page-cursor.ts';
import { ALERT_CAUSES, type AlertCause, type AlertSettings } from '../../../contract/alerts.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { alerts, alertSettings, notifications, pushSubscriptions } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import type { Clock } from '../../kernel/clock.ts';
import { message } from '../../../contract/i18n/messages.ts';
import { addresseeOf, noticeIn, type Notice } from './notices.ts';

export async function alertSettingsOf(q: Queryable, memberId: number): Promise<AlertSettings> {
  const rows = await q.select().from(alertSettings).where(eq(alertSettings.memberId, memberId));
  return Object.fromEntries(
    ALERT_CAUSES.map((c) => {
      const row = rows.find((r) => r.cause === c);
      return [c, { in_app: row?.inApp ?? true, email: row?.email ?? true }];
    }),
  ) as AlertSettings;
}

/**
 * Tells a member something in their notification centre (my48's bell), in the caller's transaction: the
 * one way another module writes to a member's notifications, always a notice of the catalogue, written
 * in the member's language (notices.ts). An alert (below) is told this way too, when its switch says so.
 */
export async function notify(tx: Queryable, memberId: number, at: Date, notice: Notice) {
  const { title, body } = noticeIn((await addresseeOf(tx, memberId))?.language ?? 'en', notice);
  await tx.insert(notifications).values({ memberId, title, body, createdAt: at });
}

/**
 * Raises an alert once per cause: the alerts row's unique key decides, so the job may run any
 * number of times (and on several servers) and a member hears of each cause once, in the app
 * and by e-mail as their switches say. In the caller's transaction.
 */
export async function raiseAlert(
  tx: Queryable,
  clock: Clock,
  a: { memberId: number; cause: AlertCause; key: string } & Notice,
): Promise<boolean> {
  const now = clock();
  const member = await addresseeOf(tx, a.memberId);
  const language = member?.language ?? 'en';
  const { title, body } = noticeIn(language, a);
  const [row] = await tx
    .insert(alerts)
    .values({
      memberId: a.memberId,
      cause: a.cause,
      causeKey: `${a.cause}:${a.key}`,
      title,
      body,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: alerts.id });
  if (!row) return false;
  const settings = (await alertSettingsOf(tx, a.memberId))[a.cause];
  if (settings.in_app) await tx.insert(notifications).values({ memberId: a.memberId, title, body, createdAt: now });
  if (settings.email && member)
    await sendMail(tx, clock, {
      to: member.email,
      subject: message(language, 'mail.alert.subject', { title }),
      body: message(language, 'mail.alert.body', { name: member.firstname, body }),
    });
  return true;
}

/** A page of the member's alerts, newest first: the newest, or those after where an earlier page ended. */
export async function alertsOf(q: Queryable, memberId: number, before?: PageCursor, limit = 50) {
  return q
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.memberId, memberId),
        before && lte(alerts.createdAt, before.at),
        before && or(lt(alerts.createdAt, before.at), lt(alerts.id, before.id)),
      ),
    )
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

/** A deleted account's notifications, alerts, switches and push devices, gone (in the deletion's transaction). */
export async function forgetAlertsOf(tx: Queryable, memberId: number): Promise<void> {
  for (const t of [notifications, alerts, alertSettings, pushSubscriptions]) {
    await tx.delete(t).where(eq(t.memberId, memberId));
  }
}

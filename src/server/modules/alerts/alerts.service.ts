import { nextCursor, type PageCursor } from '../../../contract/page-cursor.ts';
import type { AlertSettings } from '../../../contract/alerts.schema.ts';
import { ALERT_CAUSES } from '../../../contract/alerts.schema.ts';
import { alertSettings } from '../../db/schema.ts';
import { alertSettingsOf, alertsOf } from './alerts.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

export const settingsOf = ({ db }: ServiceContext, memberId: number) => alertSettingsOf(db, memberId);

export async function saveSettings(
  { db }: ServiceContext,
  memberId: number,
  body: AlertSettings,
): Promise<AlertSettings> {
  await db.transaction(async (tx) => {
    for (const cause of ALERT_CAUSES) {
      const values = { inApp: body[cause].in_app, email: body[cause].email };
      await tx
        .insert(alertSettings)
        .values({ memberId, cause, ...values })
        .onConflictDoUpdate({ target: [alertSettings.memberId, alertSettings.cause], set: values });
    }
  });
  return alertSettingsOf(db, memberId);
}

const ALERTS_PAGE = 50;

export async function listOf({ db }: ServiceContext, memberId: number, before?: PageCursor) {
  const rows = await alertsOf(db, memberId, before, ALERTS_PAGE);
  return {
    values: rows.map((r) => ({
      id: r.id,
      cause: r.cause,
      title: r.title,
      body: r.body,
      created_at: r.createdAt.toISOString(),
    })),
    next: nextCursor(
      rows.map((r) => ({ at: r.createdAt, id: r.id })),
      ALERTS_PAGE,
    ),
  };
}

import { desc } from 'drizzle-orm';
import { irishHourOf } from '../../../contract/irish-time.ts';
import { staffAuditChecks } from '../../db/schema.ts';
import type { MinuteJob } from '../../jobs/minute-job.ts';
import { dayOf } from '../../kernel/calendar.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { checkChain } from './audit.ts';

/** From this Irish hour the night's check runs (once a day: the day's row says it ran). */
const CHECK_HOUR = 3;

/**
 * Follows the audit log's chain once a night; a broken link is kept with the row it broke at and
 * logged as an error by the caller (`broken` counted), and shown on the admin's audit page.
 */
export async function nightlyChainCheck({ db, clock }: ServiceContext) {
  const now = clock();
  if (irishHourOf(now) < CHECK_HOUR) return undefined;
  const day = dayOf(now);
  const [last] = await db.select().from(staffAuditChecks).orderBy(desc(staffAuditChecks.day)).limit(1);
  if (last?.day === day) return undefined;
  const chain = await checkChain(db);
  await db
    .insert(staffAuditChecks)
    .values({ day, checkedAt: now, rows: chain.checked, brokenAt: chain.brokenAt })
    .onConflictDoNothing();
  return { checked: chain.checked, broken: chain.intact ? 0 : 1 };
}

export const lastChainCheck = async (db: ServiceContext['db']) =>
  (await db.select().from(staffAuditChecks).orderBy(desc(staffAuditChecks.day)).limit(1))[0];

export const auditJobs = {
  chain: {
    key: 'auditChain',
    said: 'the audit log’s chain checked (broken: 1 means a row was changed or removed)',
    run: (ctx) => nightlyChainCheck(ctx),
  },
} satisfies Record<string, MinuteJob>;

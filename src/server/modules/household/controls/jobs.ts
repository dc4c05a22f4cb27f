import { and, eq, isNotNull, lte, ne } from 'drizzle-orm';
import { householdLines, lineControls } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import type { ServiceContext } from '../../../kernel/outcome.ts';
import { resumeIn } from './controls.service.ts';
import { holdCap } from './data-cap.ts';
import { AUTOMATIC } from './record.ts';

/** The minute's job: pauses whose end has come resume by themselves, each in its own transaction. */
export async function resumeEndedPauses({ db, clock }: { db: ServiceContext['db']; clock: Clock }) {
  const now = clock();
  const due = await db
    .select({ ssn: lineControls.ssn })
    .from(lineControls)
    .where(and(eq(lineControls.control, 'pause'), ne(lineControls.value, 'off'), lte(lineControls.until, now)))
    .limit(500);
  let resumed = 0;
  for (const { ssn } of due)
    if (
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ until: lineControls.until })
          .from(lineControls)
          .where(and(eq(lineControls.ssn, ssn), eq(lineControls.control, 'pause')))
          .for('update');
        return row?.until && row.until <= now ? resumeIn(tx, now, ssn, AUTOMATIC) : false;
      })
    )
      resumed += 1;
  return resumed;
}

/** The minute's job: every capped line held to its cap (use counted since, a new period). */
export async function holdDataCaps({ db, clock }: { db: ServiceContext['db']; clock: Clock }) {
  const now = clock();
  const capped = await db
    .select({ ssn: householdLines.ssn })
    .from(householdLines)
    .where(isNotNull(householdLines.dataCapKb));
  let changed = 0;
  for (const { ssn } of capped) if (await db.transaction((tx) => holdCap(tx, now, ssn))) changed += 1;
  return changed;
}

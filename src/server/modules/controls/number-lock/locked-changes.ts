import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { formatMsisdn } from '../../../../contract/format.ts';
import { LOCKED_CHANGE_HOURS } from '../../../../contract/number-lock.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import { lockedChanges, members, sims } from '../../../db/schema.ts';
import { HOUR } from '../../../kernel/clock.ts';
import { done, refused, unlessTaken, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { verifyPassword } from '../../../kernel/passwords.ts';
import { mailStepUpCode, useStepUpCode } from '../../identity/index.ts';
import { CardRefused, lockMember, moveToNewSim } from '../../lines/index.ts';
import { changeOf, mailLock, openChanges, tell, whatSaid, whenSaid } from './lock-state.ts';

/**
 * A change of SIM asked for under the lock, after the password and a step-up code: kept, and a second
 * code mailed to confirm it. The card is checked now and taken from stock only when the change is made.
 */
export async function askLockedChange(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  body: { kind: 'physical'; new_ssn: string; password: string } | { kind: 'esim'; password: string },
  code: string | undefined,
): Promise<
  Outcome<ReturnType<typeof changeOf>, 'wrongPassword' | 'noActiveSim' | 'lockOff' | 'changeAsked' | StepUpFailure>
> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(body.password, member.passwordHash))) return refused('wrongPassword');
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [sim] = await tx
      .select()
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), eq(sims.status, 'active')));
    if (!sim) return refused('noActiveSim');
    const [locked] = await tx.select({ at: members.numberLockedAt }).from(members).where(eq(members.id, memberId));
    if (!locked?.at) return refused('lockOff');
    if ((await openChanges(tx, memberId)).some((c) => c.ssn === ssn)) return refused('changeAsked');
    const allowed = await useStepUpCode(tx, clock, memberId, 'sim', code);
    if (!allowed.ok) return allowed;
    const kept = await unlessTaken('changeAsked', async () => {
      const [row] = await tx
        .insert(lockedChanges)
        .values({
          memberId,
          ssn,
          kind: body.kind,
          newSsn: body.kind === 'physical' ? body.new_ssn : null,
          requestedAt: clock(),
        })
        .returning();
      return row!;
    });
    if (!kept.ok) return kept;
    // The member is told at once, by the code that confirms it: whoever asked must also read their mail.
    const sent = await mailStepUpCode(tx, clock, memberId, 'lockedChange');
    return done({
      ...changeOf(kept.value, member.language),
      message: message(member.language, 'numberLock.asked', { email: sent.sent_to, hours: LOCKED_CHANGE_HOURS }),
    });
  });
}

/** The second code confirms the change: it is made 24 hours later, and the member is told when (and how to stop it). */
export async function confirmLockedChange(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  code: string | undefined,
): Promise<Outcome<ReturnType<typeof changeOf>, 'noChange' | StepUpFailure>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const change = (await openChanges(tx, memberId)).find((c) => c.ssn === ssn && c.confirmedAt === null);
    if (!change) return refused('noChange');
    const allowed = await useStepUpCode(tx, clock, memberId, 'lockedChange', code);
    if (!allowed.ok) return allowed;
    const now = clock();
    const [row] = await tx
      .update(lockedChanges)
      .set({ confirmedAt: now, dueAt: new Date(now.getTime() + LOCKED_CHANGE_HOURS * HOUR) })
      .where(eq(lockedChanges.id, change.id))
      .returning();
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    const [sim] = await tx.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
    const values = {
      number: sim?.msisdn ? formatMsisdn(sim.msisdn) : { say: 'notice.lock.yourNumber' as const },
      what: whatSaid(row!),
      when: whenSaid(row!.dueAt!),
      hours: LOCKED_CHANGE_HOURS,
    };
    await tell(tx, memberId, now, { notice: 'lockedChangeComing', values });
    await mailLock(
      tx,
      clock,
      member!,
      { say: 'mail.lock.coming.subject', values },
      { say: 'mail.lock.coming.text', values },
      false,
    );
    return done(changeOf(row!, member!.language));
  });
}

/** Cancelled any time until it is made; no code needed (stopping a change is always safe). */
export async function cancelLockedChange(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  language: Locale = 'en',
): Promise<Outcome<{ message: string }, 'noChange'>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [row] = await tx
      .update(lockedChanges)
      .set({ cancelledAt: clock(), endedWhy: 'cancelled in my48' })
      .where(
        and(
          eq(lockedChanges.memberId, memberId),
          eq(lockedChanges.ssn, ssn),
          isNull(lockedChanges.doneAt),
          isNull(lockedChanges.cancelledAt),
        ),
      )
      .returning();
    return row ? done({ message: message(language, 'numberLock.cancelled') }) : refused('noChange');
  });
}

/**
 * The minute's job: each confirmed change whose 24 hours are over is made, once (in its own
 * transaction, the member's row locked: a cancel at the same moment waits, or finds it made). One
 * that can no longer be made (the card was taken, the SIM is no longer active) ends with why, and
 * the member is told.
 */
export async function makeDueLockedChanges({ db, clock }: ServiceContext): Promise<number> {
  const due = await db
    .select({ id: lockedChanges.id, memberId: lockedChanges.memberId })
    .from(lockedChanges)
    .where(
      and(
        isNotNull(lockedChanges.dueAt),
        lte(lockedChanges.dueAt, clock()),
        isNull(lockedChanges.doneAt),
        isNull(lockedChanges.cancelledAt),
      ),
    )
    .orderBy(asc(lockedChanges.dueAt))
    .limit(50);
  let made = 0;
  for (const { id, memberId } of due) {
    const outcome = await db
      .transaction(async (tx) => {
        await lockMember(tx, memberId);
        const [change] = await tx
          .select()
          .from(lockedChanges)
          .where(and(eq(lockedChanges.id, id), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)));
        if (!change) return 'gone' as const;
        const moved = await moveToNewSim(
          tx,
          clock,
          memberId,
          change.ssn,
          change.kind === 'physical' ? { kind: 'physical', ssn: change.newSsn! } : { kind: 'esim' },
        );
        if (!moved.ok) throw new CardRefused('simNotFound');
        await tx.update(lockedChanges).set({ doneAt: clock() }).where(eq(lockedChanges.id, id));
        return 'made' as const;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof CardRefused)) throw error;
        // Nothing was moved: the change ends with why, and the member hears of it.
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(lockedChanges)
            .set({
              cancelledAt: clock(),
              endedWhy:
                error.reason === 'simAlreadyActive'
                  ? 'the new SIM card is in use already'
                  : 'the SIM or the new card is no longer there',
            })
            .where(and(eq(lockedChanges.id, id), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)))
            .returning();
          if (row)
            await tell(tx, memberId, clock(), {
              notice: 'lockedChangeFailed',
              values: {
                what: whatSaid(row),
                why: { say: error.reason === 'simAlreadyActive' ? 'notice.lock.inUse' : 'notice.lock.gone' },
              },
            });
        });
        return 'ended' as const;
      });
    if (outcome === 'made') made += 1;
  }
  return made;
}

import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  maskEmail,
  STEP_UP_MINUTES,
  STEP_UP_TRIES,
  type StepUpFailure,
  type StepUpPurpose,
} from '../../../contract/step-up.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { members, stepUpCodes } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import type { Clock } from '../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { sameSecret, sha256 } from '../../kernel/tokens.ts';
import { message } from '../../../contract/i18n/messages.ts';

const hashOf = (memberId: number, purpose: StepUpPurpose, code: string) =>
  sha256(`step-up:${memberId}:${purpose}:${code}`);

/** A new code for one purpose, by e-mail; the member's older live code ends in the same transaction. */
export async function issueStepUpCode({ db, clock }: ServiceContext, memberId: number, purpose: StepUpPurpose) {
  return db.transaction((tx) => mailStepUpCode(tx, clock, memberId, purpose));
}

/** As issueStepUpCode, inside the caller's transaction (a change that itself asks for a second code). */
export async function mailStepUpCode(tx: Queryable, clock: Clock, memberId: number, purpose: StepUpPurpose) {
  const now = clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [member] = await tx
    .select({ email: members.email, firstname: members.firstname, language: members.language })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  await tx
    .update(stepUpCodes)
    .set({ endedAt: now })
    .where(and(eq(stepUpCodes.memberId, memberId), isNull(stepUpCodes.endedAt)));
  await tx.insert(stepUpCodes).values({
    memberId,
    purpose,
    codeHash: hashOf(memberId, purpose, code),
    expiresAt: new Date(now.getTime() + STEP_UP_MINUTES * 60_000),
    createdAt: now,
  });
  // In the member's language (docs/product/languages.md).
  const language = member!.language;
  await sendMail(tx, clock, {
    to: member!.email,
    subject: message(language, 'mail.stepUp.subject'),
    body: message(language, 'mail.stepUp.body', {
      name: member!.firstname,
      code,
      what: message(language, `stepUp.what.${purpose}`),
      minutes: STEP_UP_MINUTES,
    }),
  });
  return { sent_to: maskEmail(member!.email), expires_in_minutes: STEP_UP_MINUTES, purpose };
}

/**
 * Checks and uses a code inside the transaction of the change it allows: a wrong code counts a
 * try (the caller returns its refusal without throwing, so the count is kept); the right one is
 * used once, and if the change then fails by an error the use rolls back with it.
 */
export async function useStepUpCode(
  tx: Queryable,
  clock: Clock,
  memberId: number,
  purpose: StepUpPurpose,
  code: string | undefined,
): Promise<Outcome<null, StepUpFailure>> {
  if (!code || !/^\d{6}$/.test(code.trim())) return refused(code ? 'stepUpWrong' : 'stepUpMissing');
  const now = clock();
  const [row] = await tx
    .select()
    .from(stepUpCodes)
    .where(and(eq(stepUpCodes.memberId, memberId), isNull(stepUpCodes.endedAt)))
    .orderBy(desc(stepUpCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.purpose !== purpose || row.expiresAt <= now) return refused('stepUpExpired');
  if (row.tries >= STEP_UP_TRIES) return refused('stepUpTooManyTries');
  if (!sameSecret(hashOf(memberId, purpose, code.trim()), row.codeHash)) {
    await tx
      .update(stepUpCodes)
      .set({ tries: sql`${stepUpCodes.tries} + 1` })
      .where(eq(stepUpCodes.id, row.id));
    return row.tries + 1 >= STEP_UP_TRIES ? refused('stepUpTooManyTries') : refused('stepUpWrong');
  }
  await tx.update(stepUpCodes).set({ endedAt: now }).where(eq(stepUpCodes.id, row.id));
  return done(null);
}

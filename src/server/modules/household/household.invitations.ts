import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMsisdn } from '../../../contract/format.ts';
import { householdMessages, householdNotices, type HouseholdRefusal } from '../../../contract/household.schema.ts';
import { HOUSEHOLD_MAX_LINES, INVITATION_MINUTES, INVITATION_TRIES } from '../../../contract/household.ts';
import { message } from '../../../contract/i18n/messages.ts';
import { maskEmail } from '../../../contract/step-up.schema.ts';
import { isUniqueViolation, type Queryable } from '../../db/client.ts';
import { householdInvitations, householdLines, households, members, sims } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { sameSecret, sha256 } from '../../kernel/tokens.ts';
import { linesIn, live, nameOf, ownedBy } from './household.service.ts';
import { notify } from '../alerts/index.ts';
import type { NoticeValue } from '../../../contract/i18n/notice.ts';

/**
 * Invitations to a household (docs/product/lifelines.md): the owner invites a number, its member gets a
 * code by e-mail and accepts or declines in their own my48; nobody joins without accepting.
 */

/** The code's hash, salted by what never changes for the invitation (not its SIM: a number move changes that). */
const hashOf = (householdId: number, createdAt: Date, code: string) =>
  sha256(`household:${householdId}:${createdAt.getTime()}:${code}`);

/**
 * Whether the member holds a household that is in use: a line, or an invitation waiting. A household
 * whose lines all left (or whose invitations all ended) does not stop its owner being invited.
 */
async function holdsHousehold(db: Queryable, memberId: number, now: Date): Promise<boolean> {
  const owned = await ownedBy(db, memberId);
  if (!owned) return false;
  if ((await linesIn(db, owned.id)) > 0) return true;
  const [waiting] = await db
    .select({ id: householdInvitations.id })
    .from(householdInvitations)
    .where(and(eq(householdInvitations.householdId, owned.id), live(now)))
    .limit(1);
  return Boolean(waiting);
}

/** A 6-digit code to the member of the number; a new invitation to the same SIM ends the live one. */
export async function invite(
  { db, clock }: ServiceContext,
  ownerId: number,
  msisdn: string,
): Promise<Outcome<{ id: number; msisdn: string; expires_at: string; message: NoticeValue }, HouseholdRefusal>> {
  const now = clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction(async (tx) => {
    const [owner] = await tx.select().from(members).where(eq(members.id, ownerId)).for('update');
    const [target] = await tx
      .select({ sim: sims, member: members })
      .from(sims)
      .innerJoin(members, eq(members.id, sims.memberId))
      .where(and(eq(sims.msisdn, msisdn), eq(sims.status, 'active'), isNull(members.deletedAt)));
    // Every state of someone else's number answers the same (cannotInvite): the answer tells nothing of a stranger.
    if (!owner || !target) return refused('cannotInvite');
    if (target.member.id === ownerId) return refused('ownNumber');
    const [ownerIsLine] = await tx
      .select({ id: householdLines.id })
      .from(householdLines)
      .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
      .where(eq(sims.memberId, ownerId));
    if (ownerIsLine) return refused('youAreALine');
    if (await holdsHousehold(tx, target.member.id, now)) return refused('cannotInvite');
    // Refusals before the household is made: a refused invitation leaves no household behind.
    const [line] = await tx
      .select({ ownerId: households.ownerId })
      .from(householdLines)
      .innerJoin(households, eq(households.id, householdLines.householdId))
      .where(eq(householdLines.ssn, target.sim.ssn));
    if (line) return refused(line.ownerId === ownerId ? 'alreadyYourLine' : 'cannotInvite');
    await tx.insert(households).values({ ownerId, createdAt: now }).onConflictDoNothing();
    const household = (await tx.select().from(households).where(eq(households.ownerId, ownerId)).for('update'))[0]!;
    if ((await linesIn(tx, household.id)) >= HOUSEHOLD_MAX_LINES) return refused('full');
    await tx
      .update(householdInvitations)
      .set({ endedAt: now, outcome: 'replaced' })
      .where(
        and(
          eq(householdInvitations.householdId, household.id),
          eq(householdInvitations.ssn, target.sim.ssn),
          isNull(householdInvitations.endedAt),
        ),
      );
    const expiresAt = new Date(now.getTime() + INVITATION_MINUTES * 60_000);
    const [row] = await tx
      .insert(householdInvitations)
      .values({
        householdId: household.id,
        ssn: target.sim.ssn,
        codeHash: hashOf(household.id, now, code),
        expiresAt,
        createdAt: now,
      })
      .returning();
    const number = formatMsisdn(msisdn);
    // In the invited member's language (docs/product/languages.md).
    const { language } = target.member;
    const values = {
      name: target.member.firstname ?? '',
      owner: nameOf(owner),
      ownerEmail: maskEmail(owner.email),
      number,
      code,
      minutes: INVITATION_MINUTES,
    };
    await sendMail(tx, clock, {
      to: target.member.email,
      subject: message(language, 'mail.household.invite.subject', values),
      body: message(language, 'mail.household.invite.body', values),
    });
    return done({
      id: row!.id,
      msisdn,
      expires_at: expiresAt.toISOString(),
      message: householdMessages.invited(number),
    });
  });
}

export async function cancel({ db, clock }: ServiceContext, ownerId: number, id: number) {
  const owned = await ownedBy(db, ownerId);
  if (!owned) return refused('noSuchInvitation');
  const [row] = await db
    .update(householdInvitations)
    .set({ endedAt: clock(), outcome: 'cancelled' })
    .where(
      and(
        eq(householdInvitations.id, id),
        eq(householdInvitations.householdId, owned.id),
        isNull(householdInvitations.endedAt),
      ),
    )
    .returning();
  return row ? done({ message: householdMessages.cancelled }) : refused('noSuchInvitation');
}

/** The invited member's live invitation, locked: only the member of the invited SIM finds it. */
async function invitationFor(tx: Queryable, memberId: number, id: number) {
  const [row] = await tx
    .select({ invitation: householdInvitations })
    .from(householdInvitations)
    .innerJoin(sims, eq(sims.ssn, householdInvitations.ssn))
    .where(and(eq(householdInvitations.id, id), eq(sims.memberId, memberId), isNull(householdInvitations.endedAt)))
    .for('update', { of: householdInvitations });
  return row?.invitation;
}

/**
 * Accepts with the mailed code: a wrong code counts a try (the refusal is returned, not thrown, so
 * the count is kept); the right one ends the invitation and takes the household's lowest free slot,
 * the household's row locked so two acceptances into one household count one after the other
 * (and the slot's unique index would refuse a fifth anyway).
 */
export async function accept(
  { db, clock }: ServiceContext,
  memberId: number,
  id: number,
  code: string,
): Promise<Outcome<{ message: NoticeValue }, HouseholdRefusal>> {
  try {
    return await acceptIn(db, clock(), memberId, id, code);
  } catch (error) {
    // Two households' invitations to one SIM accepted at once: its unique line row decided.
    if (isUniqueViolation(error)) return refused('inAnotherHousehold');
    throw error;
  }
}

const acceptIn = (db: ServiceContext['db'], now: Date, memberId: number, id: number, code: string) =>
  db.transaction(async (tx): Promise<Outcome<{ message: NoticeValue }, HouseholdRefusal>> => {
    // The member's row, as an invitation they send locks it: joining and starting a household of one's own
    // count one after the other, so nobody ends up both a line and an owner.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const inv = await invitationFor(tx, memberId, id);
    if (!inv) return refused('noSuchInvitation');
    if (inv.expiresAt <= now) return refused('codeExpired');
    if (inv.tries >= INVITATION_TRIES) return refused('tooManyTries');
    if (!sameSecret(hashOf(inv.householdId, inv.createdAt, code.trim()), inv.codeHash)) {
      await tx
        .update(householdInvitations)
        .set({ tries: sql`${householdInvitations.tries} + 1` })
        .where(eq(householdInvitations.id, inv.id));
      return refused(inv.tries + 1 >= INVITATION_TRIES ? 'tooManyTries' : 'codeWrong');
    }
    const [household] = await tx.select().from(households).where(eq(households.id, inv.householdId)).for('update');
    if (!household) return refused('noSuchInvitation');
    if (await holdsHousehold(tx, memberId, now)) return refused('youOwnOne');
    const [taken] = await tx.select().from(householdLines).where(eq(householdLines.ssn, inv.ssn));
    if (taken) return refused(taken.householdId === household.id ? 'alreadyYourLine' : 'inAnotherHousehold');
    const slots = (
      await tx
        .select({ slot: householdLines.slot })
        .from(householdLines)
        .where(eq(householdLines.householdId, household.id))
    ).map((r) => r.slot);
    const slot = [1, 2, 3, 4].find((s) => !slots.includes(s));
    if (!slot) return refused('full');
    await tx.insert(householdLines).values({ householdId: household.id, ssn: inv.ssn, slot, joinedAt: now });
    await tx
      .update(householdInvitations)
      .set({ endedAt: now, outcome: 'accepted' })
      .where(eq(householdInvitations.id, inv.id));
    const [owner] = await tx.select().from(members).where(eq(members.id, household.ownerId));
    const [line] = await tx
      .select({ member: members, msisdn: sims.msisdn })
      .from(sims)
      .innerJoin(members, eq(members.id, sims.memberId))
      .where(eq(sims.ssn, inv.ssn));
    await notify(
      tx,
      household.ownerId,
      now,
      householdNotices.joined(nameOf(line!.member), formatMsisdn(line!.msisdn ?? '')),
    );
    return done({ message: householdMessages.joined(nameOf(owner!)) });
  });

export async function decline({ db, clock }: ServiceContext, memberId: number, id: number) {
  return db.transaction(async (tx) => {
    const inv = await invitationFor(tx, memberId, id);
    if (!inv) return refused('noSuchInvitation');
    await tx
      .update(householdInvitations)
      .set({ endedAt: clock(), outcome: 'declined' })
      .where(eq(householdInvitations.id, inv.id));
    return done({ message: householdMessages.declined });
  });
}

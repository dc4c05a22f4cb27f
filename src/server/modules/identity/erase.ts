import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  contactPreferences,
  emailTokens,
  marketingPermissions,
  members,
  passkeys,
  segments,
  sessions,
  stepUpCodes,
  webauthnChallenges,
} from '../../db/schema.ts';
import { domainEvent } from '../../kernel/events.ts';
import type { Clock } from '../../kernel/clock.ts';

/** A member whose account is being deleted, as they were: what each module needs to find and erase its rows. */
export interface MemberErased {
  member: typeof members.$inferSelect;
  /** The member's SIMs, numbers still on them. */
  ssns: string[];
  now: Date;
  clock: Clock;
}

/**
 * An account deleted (docs/product/member-controls.md, "Delete my account"), in its transaction:
 * each module that keeps rows about the person erases or pseudonymises its own (its listeners.ts),
 * before identity's rows go. Said by identity's `eraseMember`, the one way an account is erased.
 */
export const memberErased = domainEvent<MemberErased>();

/**
 * Erases a member (privacy's deletion, in its transaction): every module hears of it first and
 * erases its own rows; then identity's rows only about the person go, and the member's row stays
 * as a tombstone (what other records hang on) with nothing that names them.
 */
export async function eraseMember(tx: Queryable, erased: MemberErased, unusablePasswordHash: string): Promise<void> {
  await memberErased.emit(tx, erased);
  const id = erased.member.id;
  for (const t of [
    sessions,
    marketingPermissions,
    contactPreferences,
    segments,
    emailTokens,
    stepUpCodes,
    passkeys,
    webauthnChallenges,
  ]) {
    await tx.delete(t).where(eq(t.memberId, id));
  }
  await tx
    .update(members)
    .set({
      email: `deleted-${id}@deleted.invalid`,
      passwordHash: unusablePasswordHash,
      firstname: '',
      lastname: '',
      nickname: '',
      referredBy: null,
      affiliateId: null,
      isVerified: false,
      captureMarketingPermissions: false,
      spendLimitCents: null,
      deletedAt: erased.now,
    })
    .where(eq(members.id, id));
}

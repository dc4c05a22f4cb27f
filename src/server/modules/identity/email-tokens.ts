import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { emailTokens } from '../../db/schema.ts';
import { HOUR, type Clock } from '../../kernel/clock.ts';
import { randomToken, sha256 } from '../../kernel/tokens.ts';

/** verify: the address of a new account; reset: a forgotten password; change: a new address, sent to it. */
export type Purpose = 'verify' | 'reset' | 'change';
const LIFETIME: Record<Purpose, number> = { verify: 24 * HOUR, reset: 1 * HOUR, change: 24 * HOUR };

/**
 * A new single-use token (for a link) and, to verify or change an address, a 6-digit code (to type
 * in); issuing one retires the member's earlier ones of the same purpose. Only hashes are stored,
 * with the address it was sent to for a change (the address that takes effect when it is used).
 * Pass a transaction as `db` to make the token part of a larger change.
 */
export async function issueEmailToken(
  db: Queryable,
  memberId: number,
  purpose: Purpose,
  clock: Clock,
  email: string | null = null,
) {
  const now = clock();
  const token = randomToken();
  const code = purpose === 'reset' ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({
      memberId,
      purpose,
      tokenHash: sha256(token),
      codeHash: code ? sha256(`${memberId}:${code}`) : null,
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME[purpose]),
    });
  });
  return { token, code };
}

/**
 * Uses a token or code once: the update only succeeds while it is unused and unexpired, so two
 * concurrent uses cannot both succeed. With a memberId (a signed-in member) only that member's
 * token matches, so nobody can use up another member's link. Returns the member id and, for a
 * change, the new address the token was sent to; or null. Pass a transaction as `db` to make the
 * use and what it unlocks one change.
 */
export async function consumeEmailToken(
  db: Queryable,
  purpose: Purpose,
  secret: { token: string; memberId?: number } | { code: string; memberId: number },
  clock: Clock,
): Promise<{ memberId: number; email: string | null } | null> {
  const now = clock();
  const match =
    'token' in secret
      ? and(
          eq(emailTokens.tokenHash, sha256(secret.token)),
          secret.memberId === undefined ? undefined : eq(emailTokens.memberId, secret.memberId),
        )
      : and(
          eq(emailTokens.memberId, secret.memberId),
          eq(emailTokens.codeHash, sha256(`${secret.memberId}:${secret.code}`)),
        );
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(match, eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ memberId: emailTokens.memberId, email: emailTokens.email });
  return row ?? null;
}

/** The new address a member asked for and has not yet confirmed (its token unused and unexpired), or null. */
export async function pendingEmailOf(db: Queryable, memberId: number, clock: Clock): Promise<string | null> {
  const [row] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.memberId, memberId),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, clock()),
      ),
    )
    .orderBy(desc(emailTokens.id))
    .limit(1);
  return row?.email ?? null;
}

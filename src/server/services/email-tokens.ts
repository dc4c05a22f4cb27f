import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { emailTokens } from '../db/schema.ts';
import { HOUR, type Clock } from './clock.ts';
import { randomToken, sha256 } from './tokens.ts';

export type Purpose = 'verify' | 'reset';
const LIFETIME: Record<Purpose, number> = { verify: 24 * HOUR, reset: 1 * HOUR };

/**
 * A new single-use token (for a link) and, for verification, a 6-digit code (to type in);
 * issuing one retires the member's earlier ones of the same purpose. Only hashes are stored.
 */
export async function issueEmailToken(db: Database, memberId: number, purpose: Purpose, clock: Clock) {
  const now = clock();
  const token = randomToken();
  const code = purpose === 'verify' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
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
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME[purpose]),
    });
  });
  return { token, code };
}

/**
 * Uses a token or code once: the update only succeeds while it is unused and unexpired, so two
 * concurrent uses cannot both succeed. With a memberId (a signed-in member) only that member's
 * token matches, so nobody can use up another member's link. Returns the member id, or null.
 * Pass a transaction as `db` to make the use and what it unlocks one change.
 */
export async function consumeEmailToken(
  db: Queryable,
  purpose: Purpose,
  secret: { token: string; memberId?: number } | { code: string; memberId: number },
  clock: Clock,
): Promise<number | null> {
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
    .returning({ memberId: emailTokens.memberId });
  return row?.memberId ?? null;
}

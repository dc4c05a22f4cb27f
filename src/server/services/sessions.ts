import { and, eq, isNull } from 'drizzle-orm';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import { members, sessions } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { randomToken, sameSecret, sha256 } from './tokens.ts';

export interface NewSession {
  token: string;
  binding: string;
  tokenHash: string;
}

/** A fresh session at every login: 256-bit random token and binding secret, stored only as hashes. */
export async function startSession(db: Database, memberId: number, clock: Clock): Promise<NewSession> {
  const token = randomToken();
  const binding = randomToken();
  const now = clock();
  const tokenHash = sha256(token);
  await db.insert(sessions).values({ memberId, tokenHash, bindingHash: sha256(binding), createdAt: now, lastUsedAt: now });
  return { token, binding, tokenHash };
}

export type SessionCheck =
  | { ok: true; sessionId: number; tokenHash: string; member: typeof members.$inferSelect }
  | { ok: false };

/**
 * A session is good while it has not ended, was used in the last 30 minutes, is under 8 hours
 * old, and the request carries the binding cookie it was given. Using it slides the idle window.
 */
export async function checkSession(db: Database, token: string, binding: string | undefined, clock: Clock): Promise<SessionCheck> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
  if (!row || !binding) return { ok: false };
  const now = clock().getTime();
  if (now - row.session.lastUsedAt.getTime() > SESSION_IDLE_MS) return { ok: false };
  if (now - row.session.createdAt.getTime() > SESSION_MAX_MS) return { ok: false };
  if (!sameSecret(sha256(binding), row.session.bindingHash)) return { ok: false };
  await db.update(sessions).set({ lastUsedAt: new Date(now) }).where(eq(sessions.id, row.session.id));
  return { ok: true, sessionId: row.session.id, tokenHash, member: row.member };
}

export async function endSession(db: Database, sessionId: number, clock: Clock): Promise<void> {
  await db.update(sessions).set({ endedAt: clock() }).where(eq(sessions.id, sessionId));
}

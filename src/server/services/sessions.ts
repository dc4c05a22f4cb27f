import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../contract/constants.ts';
import { prepared, type Database } from '../db/client.ts';
import { members, sessions, sims } from '../db/schema.ts';
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
  | { ok: true; sessionId: number; tokenHash: string; member: typeof members.$inferSelect; ownsSim: boolean }
  | { ok: false };

/**
 * How stale `last_used_at` may get before a use writes it again. A read then costs no write (and
 * no commit) most of the time; the price is that the idle rule is exact to the minute: a session
 * ends between 29 and 30 minutes after its last use, never later than 30.
 */
export const SESSION_TOUCH_MS = 60_000;

const sessionSelect = (db: Database, owns: SQL<boolean>) =>
  db
    .select({ session: sessions, member: members, ownsSim: owns })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.endedAt)));
const sessionQuery = (db: Database) => prepared(db, 'session_check', (d) => sessionSelect(d, sql<boolean>`false`).prepare('session_check'));
const sessionWithSimQuery = (db: Database) =>
  prepared(db, 'session_check_sim', (d) =>
    sessionSelect(d, sql<boolean>`exists (select 1 from ${sims} where ${sims.ssn} = ${sql.placeholder('ssn')} and ${sims.memberId} = ${sessions.memberId})`).prepare('session_check_sim'),
  );

/**
 * A session is good while it has not ended, was used in the last 30 minutes, is under 8 hours
 * old, and the request carries the binding cookie it was given. Using it slides the idle window.
 * `ssn`, when the path names a SIM, is checked in the same query: `ownsSim` says whether the
 * session's member owns it (one round trip for the whole gate of a protected call).
 */
export async function checkSession(db: Database, token: string, binding: string | undefined, clock: Clock, ssn?: string): Promise<SessionCheck> {
  const tokenHash = sha256(token);
  const [row] = ssn === undefined ? await sessionQuery(db).execute({ tokenHash }) : await sessionWithSimQuery(db).execute({ tokenHash, ssn });
  if (!row || !binding) return { ok: false };
  const now = clock().getTime();
  const idle = now - row.session.lastUsedAt.getTime();
  if (idle > SESSION_IDLE_MS) return { ok: false };
  if (now - row.session.createdAt.getTime() > SESSION_MAX_MS) return { ok: false };
  if (!sameSecret(sha256(binding), row.session.bindingHash)) return { ok: false };
  if (idle >= SESSION_TOUCH_MS) {
    // Only forward: of two requests racing here, the later time wins whatever the order of the writes.
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(sessions.id, row.session.id), lt(sessions.lastUsedAt, new Date(now))));
  }
  return { ok: true, sessionId: row.session.id, tokenHash, member: row.member, ownsSim: Boolean(row.ownsSim) };
}

export async function endSession(db: Database, sessionId: number, clock: Clock): Promise<void> {
  await db.update(sessions).set({ endedAt: clock() }).where(eq(sessions.id, sessionId));
}

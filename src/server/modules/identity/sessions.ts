import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../contract/constants.ts';
import { batched } from '../../db/batch.ts';
import { prepared, type Database, type Queryable } from '../../db/client.ts';
import { members, sessions, sims } from '../../db/schema.ts';
import { domainEvent } from '../../kernel/events.ts';
import type { Clock } from '../../kernel/clock.ts';
import { randomToken, sameSecret, sha256 } from '../../kernel/tokens.ts';

/** Sessions ended (a log-out, a password changed or reset), in the transaction that ended them. */
export const sessionsEnded = domainEvent<{ sessionIds: number[] }>();

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
  await db
    .insert(sessions)
    .values({ memberId, tokenHash, bindingHash: sha256(binding), createdAt: now, lastUsedAt: now });
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

interface SessionKey {
  tokenHash: string;
  /** The {ssn} the path names, checked with the session. */
  ssn: string | undefined;
}
// The open sessions of a batch of tokens with their members, and which of the SIMs the paths name
// each session's member owns: the whole gate of a protected call, for every call of the batch.
// The sessions are found by their tokens first, in a subquery the planner keeps apart (OFFSET 0),
// and only then joined to their members: with the join left to the planner, statistics of
// `sessions` that lag behind a growing network made it walk `members` from its first id (tens of
// milliseconds a call at 200,000 members against a fraction of one).
const sessionBatchQuery = (db: Database) =>
  prepared(db, 'session_check', (d) => {
    const open = d
      .select({
        id: sessions.id,
        memberId: sessions.memberId,
        tokenHash: sessions.tokenHash,
        bindingHash: sessions.bindingHash,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`, isNull(sessions.endedAt)))
      .offset(0)
      .as('open_sessions');
    return d
      .select({
        session: {
          id: open.id,
          tokenHash: open.tokenHash,
          bindingHash: open.bindingHash,
          createdAt: open.createdAt,
          lastUsedAt: open.lastUsedAt,
        },
        member: members,
        ownedSims: sql<
          string[]
        >`array(select ${sims.ssn} from ${sims} where ${sims.memberId} = ${open.memberId} and ${sims.ssn} = any(${sql.placeholder('ssns')}::text[]))`,
      })
      .from(open)
      .innerJoin(members, eq(members.id, open.memberId))
      .prepare('session_check');
  });
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionBatchQuery>['execute']>>[number];

async function loadSessions(db: Database, keys: readonly SessionKey[]): Promise<(SessionRow | undefined)[]> {
  const rows = await sessionBatchQuery(db).execute({
    tokenHashes: [...new Set(keys.map((k) => k.tokenHash))],
    ssns: [...new Set(keys.flatMap((k) => (k.ssn === undefined ? [] : [k.ssn])))],
  });
  const byHash = new Map(rows.map((r) => [r.session.tokenHash, r]));
  return keys.map((k) => byHash.get(k.tokenHash));
}

/**
 * A session is good while it has not ended, was used in the last 30 minutes, is under 8 hours
 * old, and the request carries the binding cookie it was given. Using it slides the idle window.
 * `ssn`, when the path names a SIM, is checked in the same query: `ownsSim` says whether the
 * session's member owns it (one statement for the whole gate of a protected call, shared by the
 * calls that arrive together: db/batch.ts).
 */
export async function checkSession(
  db: Database,
  token: string,
  binding: string | undefined,
  clock: Clock,
  ssn?: string,
): Promise<SessionCheck> {
  const tokenHash = sha256(token);
  const row = await batched(db, 'session_check', loadSessions).load({ tokenHash, ssn });
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
  return {
    ok: true,
    sessionId: row.session.id,
    tokenHash,
    member: row.member,
    ownsSim: ssn !== undefined && row.ownedSims.includes(ssn),
  };
}

/**
 * Ends sessions: one (log-out), or all of a member's but one (a password change) or all (a reset).
 * The one place a session ends, so what belongs to a session ends with it: it says so
 * (`sessionsEnded`), and alerts ends the push subscription its device made (docs/product/phone.md),
 * in the same transaction.
 */
export async function endSessions(
  q: Queryable,
  which: { sessionId: number } | { memberId: number; except?: number },
  now: Date,
): Promise<void> {
  const ended = await q
    .update(sessions)
    .set({ endedAt: now })
    .where(
      'sessionId' in which
        ? eq(sessions.id, which.sessionId)
        : and(
            eq(sessions.memberId, which.memberId),
            isNull(sessions.endedAt),
            which.except === undefined ? undefined : ne(sessions.id, which.except),
          ),
    )
    .returning({ id: sessions.id });
  if (ended.length > 0) await sessionsEnded.emit(q, { sessionIds: ended.map((s) => s.id) });
}

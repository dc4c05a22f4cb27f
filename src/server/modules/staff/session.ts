import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { and, eq, gt, lt } from 'drizzle-orm';
import { STAFF_MARK_COOKIE, type StaffRole } from '../../../contract/staff.ts';
import { staffFailures } from '../../../contract/staff.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { staffPeople, staffSessions, staffSignIns } from '../../db/schema.ts';
import { fail } from '../../http/answers.ts';
import type { AppEnv } from '../../http/router.ts';
import type { Clock } from '../../kernel/clock.ts';
import { randomToken, sha256 } from '../../kernel/tokens.ts';

/** docs/product/staff.md "Signing in": 15 minutes idle, 8 hours at most. */
export const STAFF_IDLE_MS = 15 * 60_000;
export const STAFF_MAX_MS = 8 * 3600_000;

/**
 * The staff session's cookie: `__Host-` prefixed over https (Secure, path /, no domain), HttpOnly,
 * SameSite=Strict; its own name, so a member's session is never one here nor a staff one a member's.
 */
export const staffCookieName = (c: Context<AppEnv>) =>
  c.var.client.proto === 'https' ? '__Host-48-staff' : '48-staff';

export interface StaffSession {
  sessionId: number;
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  endsAt: Date;
}

export async function startStaffSession(
  c: Context<AppEnv>,
  person: { id: number; role: StaffRole },
  idToken: string | undefined,
) {
  const now = c.var.clock();
  const token = randomToken();
  await c.var.db.insert(staffSessions).values({
    tokenHash: sha256(token),
    personId: person.id,
    role: person.role,
    idToken: idToken ?? null,
    createdAt: now,
    lastSeenAt: now,
    endsAt: new Date(now.getTime() + STAFF_MAX_MS),
  });
  setCookie(c, staffCookieName(c), token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: c.var.client.proto === 'https',
    path: '/',
    maxAge: STAFF_MAX_MS / 1000,
  });
  // Not the session: a mark the console reads so that it offers the sign-in without asking the API first.
  setCookie(c, STAFF_MARK_COOKIE, '1', {
    sameSite: 'Strict',
    secure: c.var.client.proto === 'https',
    path: '/',
    maxAge: STAFF_MAX_MS / 1000,
  });
}

/** The session the cookie proves, alive (not idle 15 minutes, not past 8 hours); its last use moved on. */
export async function provenStaffSession(c: Context<AppEnv>): Promise<StaffSession | undefined> {
  const token = getCookie(c, staffCookieName(c));
  if (!token || token.length > 100) return undefined;
  const now = c.var.clock();
  // One statement: the session moved on and its person read with it (every staff call passes here).
  const [row] = await c.var.db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .from(staffPeople)
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        eq(staffPeople.id, staffSessions.personId),
        gt(staffSessions.endsAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
      ),
    )
    .returning({
      sessionId: staffSessions.id,
      personId: staffSessions.personId,
      role: staffSessions.role,
      endsAt: staffSessions.endsAt,
      name: staffPeople.name,
      email: staffPeople.email,
    });
  if (!row) return undefined;
  return {
    sessionId: row.sessionId,
    id: row.personId,
    role: row.role,
    endsAt: row.endsAt,
    name: row.name,
    email: row.email,
  };
}

/** Ends the session the cookie names (answers its ID token, for the sign-out at the provider). */
export async function endStaffSession(
  c: Context<AppEnv>,
): Promise<{ idToken: string | null; person?: number } | undefined> {
  const token = getCookie(c, staffCookieName(c));
  deleteCookie(c, staffCookieName(c), { path: '/', secure: c.var.client.proto === 'https' });
  deleteCookie(c, STAFF_MARK_COOKIE, { path: '/', secure: c.var.client.proto === 'https' });
  if (!token) return undefined;
  const [row] = await c.var.db
    .delete(staffSessions)
    .where(eq(staffSessions.tokenHash, sha256(token)))
    .returning({ idToken: staffSessions.idToken, person: staffSessions.personId });
  return row;
}

/** /panda/staff/*: a proven staff session, or 401; every endpoint's permission is checked by serve() (http/openapi.ts). */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  const staff = await provenStaffSession(c);
  if (!staff) return fail(c, staffFailures.signInRequired);
  c.set('staff', staff);
  c.header('cache-control', 'no-store');
  return next();
});

/** Sessions past their end and sign-ins never finished, removed (the minute job). */
export async function pruneStaffSessions({ db, clock }: { db: Queryable; clock: Clock }) {
  const now = clock();
  const ended = await db
    .delete(staffSessions)
    .where(lt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)))
    .returning({ id: staffSessions.id });
  const late = await db
    .delete(staffSignIns)
    .where(lt(staffSignIns.createdAt, new Date(now.getTime() - 10 * 60_000)))
    .returning({ state: staffSignIns.state });
  return ended.length + late.length;
}

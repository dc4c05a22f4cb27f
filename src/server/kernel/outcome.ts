import { isUniqueViolation, type Database } from '../db/client.ts';
import type { Clock } from './clock.ts';

/** What every service works over: the database and the clock (tests pass their own of both). */
export interface ServiceContext {
  db: Database;
  clock: Clock;
}

/**
 * A service's answer: done with a value, or refused for a reason its feature's contract names
 * (contract/<feature>.ts maps each reason to a status and a message; services know no HTTP).
 */
export type Outcome<T, R extends string> =
  { ok: true; value: T } | { ok: false; reason: R; detail?: Record<string, number | string> };
export const done = <T>(value: T) => ({ ok: true as const, value });
/** Refused for `reason`; `detail` carries figures the answer needs (the amount a card must pay). */
export const refused = <R extends string>(reason: R, detail?: Record<string, number | string>) => ({
  ok: false as const,
  reason,
  ...(detail ? { detail } : {}),
});

/**
 * Done with what `write` answers, or refused for `reason` when a unique index refuses it: the
 * database decides what is taken (an address, an open order), also for two requests at once.
 */
export async function unlessTaken<T, R extends string>(reason: R, write: () => Promise<T>) {
  try {
    return done(await write());
  } catch (error) {
    if (isUniqueViolation(error)) return refused(reason);
    throw error;
  }
}

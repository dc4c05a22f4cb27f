/**
 * The API's failures as data: each area declares its table once, and the server, the OpenAPI
 * document and the browser read the same status, message and code. Imports nothing, so any plain
 * module (the step-up codes, the log-in's words) can declare its failures without the contract's
 * endpoint types.
 */

/** The statuses a failure answers with. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503 | 504;

/**
 * A failure the API answers: its status, the message a member reads and a stable code that clients
 * and tests branch on (copy can change, the code does not). Answered as
 * `{ _payload: { message, code } }`; the OpenAPI document lists every code (contract/error-codes.schema.ts).
 */
export interface Failure {
  status: ErrorStatus;
  message: string;
  code: string;
}
/** A table entry: a code of its own (one failure shared by several tables, or a code the spec names) or none. */
type Entry = { status: ErrorStatus; message: string; code?: string };
type Coded<A extends string, T extends Record<string, Entry>> = {
  [K in keyof T]: T[K] extends { code: string } ? T[K] & Failure : T[K] & { code: `${A}.${K & string}` };
};
/**
 * Declares an area's failures (one table per feature): domain outcome → status and message, each
 * entry coded `<area>.<outcome>` (e.g. `flexi.alreadyCarriedOver`) unless it brings its own code.
 */
export function failures<const A extends string, const T extends Record<string, Entry>>(
  area: A,
  table: T,
): Coded<A, T> {
  return Object.fromEntries(
    Object.entries(table).map(([key, entry]) => [key, { ...entry, code: entry.code ?? `${area}.${key}` }]),
  ) as Coded<A, T>;
}

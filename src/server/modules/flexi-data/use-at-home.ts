import type { UseKind } from '../../../contract/usage.ts';
import type { Charged, RatedUse } from '../money/index.ts';

/**
 * What a use at home is to its counter (usage-at-home.ts), what counting it came to, and how a
 * failed statement is told apart: a deadlock (tried again) or a fault in what a use carries.
 */

/** One use at home, as the listener read it from a TMF635 Usage, with what it draws on and costs. */
export interface UseAtHome {
  eventId: string;
  eventTime: Date;
  /** The network's id of the use: what it is charged under (none: counted, never charged). */
  usageId?: string | undefined;
  /** The transactions screen's line for its charge. */
  description?: string | undefined;
  /** What it was, kept on its charge's ledger row (spend by kind). */
  useKind?: UseKind | undefined;
  msisdn: string;
  at: Date;
  /** The use as the day's use counts it. */
  dataKb: number;
  minutes: number;
  texts: number;
  /** What it draws on first and its price past that (money's rating); none: counted, never charged. */
  rated?: Pick<RatedUse, 'allowance' | 'units' | 'cents' | 'per'> | undefined;
  /** The network's own price in cents (it rated the use and is trusted to): charged as it is. */
  fixedCents?: number | null | undefined;
  /** The whole event, kept when it turns out to be a dead letter. */
  body: unknown;
}

/** The membership a use counted to, as it is after the batch: the data alert it reached (kept by the database) and the last raised. */
export interface CountedMembership {
  dataAlertLevel: number;
  dataAlertedPercent: number;
}

/** What counting it came to: a replay, a number we do not know, or the membership after it (none: no membership). */
export type CountedAtHome =
  | { outcome: 'duplicate' }
  | { outcome: 'deadLetter' }
  /** Its usage id was counted before, under another event (or by another instance at this moment): nothing drawn. */
  | { outcome: 'again'; ssn: string }
  | {
      outcome: 'applied';
      ssn: string;
      membership: CountedMembership | null;
      /** What credit paid for it (in the counting's statement), none when nothing was due or it was charged before. */
      charged: Charged | null;
      /** Whether it was data with something due (what credit running out stops). */
      dataDue: boolean;
    };

export const sqlState = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code ?? '';
export const isDeadlock = (error: unknown) => sqlState(error) === '40P01';
/** A fault in what a use carries (SQLSTATE 22…, a data exception; 23…, a constraint), not a database away. */
export const isDataFault = (error: unknown) => /^2[23]/.test(sqlState(error));

import type { Queryable } from '../../db/client.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { FollowUp } from './usage.ts';

/** What the network said of a port-out (TMF638 characteristics): the network taking the number, its day, the reason. */
export interface PortOutSaid {
  recipient?: string;
  portDate?: string;
  reason?: string;
}

type Applied = { outcome: 'applied' | 'deadLetter'; note?: string; followUp?: FollowUp };

/**
 * A number that left for another network (docs/product/network.md, `PortOutEvent`): the network
 * reads the event and keeps it once; the line's domain says what leaving does to the member's SIM,
 * at load. Unheard (no domain said so), the event is a dead letter.
 */
export type NumberLeft = (tx: Queryable, ctx: { clock: Clock }, msisdn: string, said?: PortOutSaid) => Promise<Applied>;

let applying: NumberLeft | undefined;

export const applyNumberLeft = (apply: NumberLeft) => void (applying = apply);

export const numberLeft: NumberLeft = (tx, ctx, msisdn, said) =>
  applying
    ? applying(tx, ctx, msisdn, said)
    : Promise.resolve({ outcome: 'deadLetter', note: 'nothing applies a number that left' });

/**
 * Another network asked to take a number (TMF638: the line's service with `portingState`
 * `portOutRequested`): the law lets nobody refuse a legitimate port, so the line's domain only warns
 * its member. Unheard, it is kept.
 */
export type NumberLeaving = (
  tx: Queryable,
  ctx: { clock: Clock },
  msisdn: string,
  said: PortOutSaid,
) => Promise<Applied>;

let warning: NumberLeaving | undefined;

export const applyNumberLeaving = (apply: NumberLeaving) => void (warning = apply);

export const numberLeaving: NumberLeaving = (tx, ctx, msisdn, said) =>
  warning ? warning(tx, ctx, msisdn, said) : Promise.resolve({ outcome: 'applied', note: 'nobody to warn' });

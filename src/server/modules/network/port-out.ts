import type { Queryable } from '../../db/client.ts';
import type { Clock } from '../../kernel/clock.ts';

/**
 * A number that left for another network (docs/product/network.md, `PortOutEvent`): the network
 * reads the event and keeps it once; the line's domain says what leaving does to the member's SIM,
 * at load. Unheard (no domain said so), the event is a dead letter.
 */
export type NumberLeft = (
  tx: Queryable,
  ctx: { clock: Clock },
  msisdn: string,
) => Promise<{ outcome: 'applied' | 'deadLetter'; note?: string }>;

let applying: NumberLeft | undefined;

export const applyNumberLeft = (apply: NumberLeft) => void (applying = apply);

export const numberLeft: NumberLeft = (tx, ctx, msisdn) =>
  applying
    ? applying(tx, ctx, msisdn)
    : Promise.resolve({ outcome: 'deadLetter', note: 'nothing applies a number that left' });

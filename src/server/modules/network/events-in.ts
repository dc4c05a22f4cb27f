import type { z } from 'zod';
import type { NetworkEvent } from '../../../contract/network.schema.ts';
import type { Counted, FollowUp } from './usage.ts';

/** An event from the network as the listener reads it, and what applying it came to. */
export type Event = z.output<typeof NetworkEvent>;

export interface Applied {
  outcome: 'applied' | 'stale' | 'deadLetter' | 'kept' | 'duplicate';
  note?: string;
  orderId?: number;
  usage?: Counted['usage'];
  followUp?: FollowUp;
}

/** A TMF characteristic's value by name, in a list of them. */
export const characteristic = (list: { name: string; value: unknown }[] | undefined, name: string) =>
  list?.find((c) => c.name === name)?.value;

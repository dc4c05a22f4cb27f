import type { Queryable } from '../db/client.ts';

/**
 * Something that happened in one domain that another reacts to, in the same transaction: the
 * domain where it happens declares it and says it; the one that reacts listens, at load, and the
 * one it happened in knows nothing of what follows. A listener's failure fails the transaction.
 */
export interface DomainEvent<P> {
  on(listener: (tx: Queryable, payload: P) => Promise<unknown>): void;
  emit(tx: Queryable, payload: P): Promise<void>;
}

export function domainEvent<P>(): DomainEvent<P> {
  const listeners: ((tx: Queryable, payload: P) => Promise<unknown>)[] = [];
  return {
    on: (listener) => void listeners.push(listener),
    async emit(tx, payload) {
      for (const listener of listeners) await listener(tx, payload);
    },
  };
}

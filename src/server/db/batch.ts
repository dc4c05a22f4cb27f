import DataLoader from 'dataloader';
import { prepared, type Database } from './client.ts';

/** A batch statement names its parameters as arrays; past this many keys a second statement starts. */
const MAX_BATCH = 100;

/**
 * A read that many requests make at the same moment (the session check of every protected call,
 * the dashboard's balance summary), answered for all of them by one statement.
 *
 * Why: on this kind of machine a round trip to PostgreSQL costs the Node process far more than
 * the query costs the database (measured on the 2-core CI machine: each statement about 110 µs of the
 * server's CPU, most of it the socket write; the whole rest of a protected call about 80 µs).
 * Every call made before the event loop next reaches its check phase (all the requests Node read
 * from its sockets in one go) is collected, then `load` answers them with one statement.
 *
 * Nothing is cached (DataLoader's cache is off): every caller gets its answer from a statement
 * that began after it asked, so a batched answer is as fresh as an unbatched one. Under no load a
 * batch holds one key and costs one setImmediate. `load` must answer keys in order, one answer
 * each (an Error answers that key alone); if it throws, every caller of the batch gets the error.
 *
 * Kept per database object with the prepared statements (`prepared()`); a transaction is a
 * different object, so a batch never mixes work inside and outside one.
 */
export function batched<K, V>(
  db: Database,
  name: string,
  load: (db: Database, keys: readonly K[]) => Promise<(V | Error)[]>,
): DataLoader<K, V> {
  return prepared(
    db,
    `batch:${name}`,
    (d) =>
      new DataLoader<K, V>((keys) => load(d, keys), {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
      }),
  );
}

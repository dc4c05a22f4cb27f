import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';

/** A database or a transaction, as far as a notification needs one (client.ts's Queryable; said here, so the two files do not import each other). */
type Executes = { execute(query: SQL): PromiseLike<unknown> };
/** The database a listener is made for (client.ts's Database: its driver's client is `$client`). */
type Database = object;

/** What a listener is called with: a notification's payload, or RESYNC after its connection came back (some may be missed). */
export type Listener = (payload: string) => void;
export const RESYNC = '*';

interface Channel {
  listeners: Set<Listener>;
  /** Settles once the database listens (a notification sent before could be missed). */
  ready: Promise<void>;
  stop: () => Promise<void>;
}
const channels = new WeakMap<object, Map<string, Channel>>();

/**
 * Tells every listener of a channel, on every instance that shares the database (PostgreSQL's
 * NOTIFY; the embedded PGlite's own). Inside a transaction it is delivered at commit, and never
 * when the transaction rolls back: what it announces is already stored.
 */
export async function notify(q: Executes, channel: string, payload: string): Promise<void> {
  await q.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Listens on a channel of the database (LISTEN): on PostgreSQL through one connection of its own
 * per channel (not the serving pool's), opened again after it drops, after which every listener is
 * called with RESYNC to read again what it may have missed. Answers when the database listens, and
 * the way to stop.
 */
export function listen(
  db: Database,
  channel: string,
  listener: Listener,
  onError?: (error: Error) => void,
): { ready: Promise<void>; stop: () => void } {
  let byName = channels.get(db);
  if (!byName) channels.set(db, (byName = new Map()));
  let open = byName.get(channel);
  if (!open) {
    const listeners = new Set<Listener>();
    const tell = (payload: string) => {
      for (const l of listeners) l(payload);
    };
    const client = (db as unknown as { $client: unknown }).$client;
    open = {
      listeners,
      ...(client instanceof pg.Pool
        ? listenOnPostgres(client, channel, tell, onError)
        : listenOnPglite(client as PGlite, channel, tell)),
    };
    byName.set(channel, open);
  }
  const channelOpen = open;
  channelOpen.listeners.add(listener);
  return { ready: channelOpen.ready, stop: () => void channelOpen.listeners.delete(listener) };
}

/** Stops every channel of the database (its handle's close). */
export async function stopListening(db: Database): Promise<void> {
  const byName = channels.get(db);
  if (!byName) return;
  channels.delete(db);
  await Promise.all([...byName.values()].map((c) => c.stop()));
}

function listenOnPglite(client: PGlite, channel: string, tell: Listener) {
  const unlisten = client.listen(channel, tell);
  return {
    ready: unlisten.then(() => {}),
    stop: async () => {
      await (await unlisten)().catch(() => {});
    },
  };
}

function listenOnPostgres(pool: pg.Pool, channel: string, tell: Listener, onError?: (error: Error) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const connect = async (again: boolean) => {
    const c = new pg.Client({ ...pool.options, keepAlive: true } as pg.ClientConfig);
    client = c;
    const lost = (error?: Error) => {
      if (error) onError?.(error);
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      if (client === c) client = undefined;
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(true), 1000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === channel) tell(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void c.end().catch(() => {});
      listening();
      if (again) tell(RESYNC);
    } catch (error) {
      lost(error as Error);
    }
  };
  void connect(false);
  const stop = async () => {
    stopped = true;
    listening();
    clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
    }
  };
  return { ready, stop };
}

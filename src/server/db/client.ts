import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { stopListening } from './notify.ts';
import { withPlannedRows } from './rows.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or a transaction on it: services that take this can run inside a caller's transaction. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool, for its gauges (PGlite has one connection and no pool). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  close(): Promise<void>;
}

/**
 * Whether a database is PostgreSQL (several instances may share it) rather than the embedded PGlite
 * (one process): shared counters live in the database only then (docs/product/production.md).
 */
export function isSharedDatabase(db: Database | undefined): boolean {
  return (db as unknown as { $client?: unknown } | undefined)?.$client instanceof pg.Pool;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The database named by the URL: unset → PGlite files under .data/, memory:// → in-memory
 * PGlite, postgres:// → PostgreSQL with a pool. Migrations are applied before it is returned.
 */
export async function openDatabase(
  url: string | undefined,
  {
    poolMax = 10,
    dataDir: dir = '.data',
    onConnectionError,
    pgliteTemplate,
  }: {
    poolMax?: number;
    dataDir?: string;
    onConnectionError?: (error: Error) => void;
    /** An embedded database to start from, as PGlite's dumpDataDir gave it (tests: migrated once, copied per file). */
    pgliteTemplate?: Blob | undefined;
  } = {},
): Promise<DatabaseHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Migrations on a connection of their own, without the serving pool's timeouts (an index on a big table takes its time).
    const migrator = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const pool = servingPool(url, poolMax, onConnectionError);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      pool,
      close: async () => {
        await stopListening(db as unknown as Database);
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (!url) {
    mkdirSync(dir, { recursive: true });
    dataDir = `${dir}/pglite`;
  } else if (url !== 'memory://') {
    throw new Error(`DATABASE_URL must be unset, memory:// or postgres://…, not ${url.split(':')[0]}:…`);
  }
  const client = pgliteTemplate && !dataDir ? new PGlite({ loadDataDir: pgliteTemplate }) : new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      await stopListening(db as unknown as Database);
      await client.close();
    },
  };
}

/**
 * The timeouts that turn a database gone quiet into a fast 503 rather than a hang (a request waits
 * at most a few seconds for a connection, a statement, or a reply that never comes), and a
 * transaction left open by a lost client is ended by the server.
 */
export const DATABASE_TIMEOUTS = {
  connectMs: 3_000,
  statementMs: 15_000,
  /** Client side: a reply that never comes (packets dropped) ends the query a little after the statement timeout. */
  replyMs: 20_000,
  idleInTransactionMs: 30_000,
} as const;

/**
 * The serving pool. A connection the database drops (a restart, a failover: 57P01) makes its client
 * emit 'error', idle in the pool or checked out between two queries: without a listener Node ends
 * the process. The listeners only report it; the pool discards the client and opens new ones when
 * the database is back.
 */
function servingPool(url: string, max: number, onConnectionError: ((error: Error) => void) | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.replyMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
  });
  const report = (error: Error) => onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  // drizzle's transaction takes a client with connect() and releases it only once `begin` has
  // worked: a client whose connection died just before (the pool had not yet heard) would stay
  // checked out for good, and a restart would leave the pool with no room. A client checked out by
  // connect() goes back (as broken) when its connection ends; releasing it twice is harmless.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect().then((client) => {
      const release = client.release;
      let released = false;
      const ended = () => client.release(new Error('the database connection ended'));
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', ended);
        release(err);
      };
      client.once('end', ended);
      return client;
    });
  }) as typeof pool.connect;
  return pool;
}

/** A unique index refused the write (PostgreSQL 23505, also when wrapped by the driver): the database decided a race. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505')
  );
}

/** A check constraint refused the write (PostgreSQL 23514): a rule of the schema held where code did not. */
export function isCheckViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { code?: string }).code === '23514' || (error as { cause?: { code?: string } }).cause?.code === '23514')
  );
}

const preparedByDb = new WeakMap<object, Map<string, unknown>>();
/**
 * A query built once per database and kept (a drizzle prepared statement). Building SQL is
 * most of the CPU a hot read costs (measured on the balance summary: about half of it), so the
 * reads every protected call makes are prepared; `name` also names the statement on PostgreSQL.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database) => T): T {
  let cache = preparedByDb.get(db);
  if (!cache) preparedByDb.set(db, (cache = new Map()));
  // A prepared select's rows are mapped by a plan made here once (db/rows.ts).
  if (!cache.has(name)) cache.set(name, withPlannedRows(build(db)));
  return cache.get(name) as T;
}

/** The newest migration this code ships (drizzle's journal), read once. */
let newestMigration: number | undefined;
function newestShipped(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/**
 * Whether the database lacks a migration this code ships (drizzle records each applied one with
 * its journal time; the server applies them at start, so this finds a database restored or
 * swapped underneath). Throws when the database does not answer.
 */
export async function migrationsPending(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { newest: string | null }[] }).rows) as {
    newest: string | null;
  }[];
  const newest = rows[0]?.newest;
  return newest === null || newest === undefined || Number(newest) < newestShipped();
}

const dialect = new PgDialect();

/**
 * A statement run very often with only its values changing (the listener's count of use), prepared
 * once per connection on PostgreSQL under `name`, so its plan is kept rather than made again on each
 * run; on PGlite, run as any other. Outside a transaction: the statement is its own.
 */
export async function executePrepared(
  db: Database,
  name: string,
  query: SQL,
): Promise<{ rows: Record<string, unknown>[] }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return client.query<Record<string, unknown>>({ name, text, values: params });
  }
  return (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

/**
 * A PostgreSQL server of the test's own (initdb, pg_ctl) on a free port, to stop and start under
 * load: never the shared one on 5432, which other suites use at the same time. As root (CI), the
 * server runs as the postgres user, since PostgreSQL refuses to run as root.
 */
const BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((dir) =>
  existsSync(join(dir, 'initdb')),
);

/** Whether this machine can run a PostgreSQL of a test's own (its binaries are installed). */
export const ownPostgresAvailable = BIN !== undefined;

export interface OwnPostgres {
  /** postgres://… of its `postgres` database. */
  url: string;
  /** Stops it as a restart or minor-version upgrade does (fast shutdown: sessions get 57P01). */
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  if (!BIN) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'own-pg-'));
  chmodSync(dir, 0o755);
  if (root) {
    const pgUser = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const pgGroup = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, pgUser, pgGroup);
  }
  const run = (command: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : join(BIN, command),
      root ? ['-u', 'postgres', '--', join(BIN, command), ...args] : args,
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        /* stopped already */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

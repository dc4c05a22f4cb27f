import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { ledger, memberships, vaults } from '../../../src/server/db/schema.ts';
import { createApp } from '../../../src/server/app.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { testConfig } from '../support/harness.ts';
import { signIn, startServer } from '../../bench/api.ts';

/**
 * Crash safety: the real server is killed with SIGKILL while members' writes are
 * acknowledged, then started again on the same database. Every acknowledged write must be there,
 * and no write may be half done. The write is an unlock from The Safe (1 GB): three rows in one
 * transaction (the Safe's balance, the membership's data, a ledger line), so a half-done one shows.
 */

const WRITES = 1000;
const SAFE_GB = 1200;
const CONCURRENCY = 8;

interface Target {
  name: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}

async function freshPostgres(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists crash_safety with (force)');
  await admin.query('create database crash_safety');
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = '/crash_safety';
  return fresh.toString();
}

const targets: (() => Promise<Target>)[] = [
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crash-'));
    return {
      name: 'PGlite files',
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      open: () => openDatabase(undefined, { dataDir: dir }),
    };
  },
];
const pgUrl = process.env['TEST_DATABASE_URL'];
if (pgUrl) {
  targets.push(async () => {
    const url = await freshPostgres(pgUrl);
    return { name: 'PostgreSQL', env: { DATABASE_URL: url }, open: () => openDatabase(url) };
  });
}

/** The Safe, the membership's data moved in and the unlock lines of the demo member with a Safe. */
async function state(handle: DatabaseHandle, ssn: string) {
  const [vault] = await handle.db.select().from(vaults).where(eq(vaults.ssn, ssn));
  const [membership] = await handle.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'current')));
  const lines = await handle.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.ssn, ssn), like(ledger.description, 'Unlocked %')));
  return { safeKb: vault!.balanceKb, dataInKb: membership!.dataInKb, unlocks: lines.length };
}

describe.each(targets.map((make, i) => [i === 0 ? 'PGlite files' : 'PostgreSQL', make] as const))(
  'crash safety on %s',
  (_name, make) => {
    it(
      `kill -9 during ${WRITES} acknowledged unlocks: every acknowledged one is there, none half done`,
      { timeout: 600_000 },
      async () => {
        const target = await make();
        // A member with a current membership and a Safe big enough for every write, made by the builder.
        let ssn: string;
        let email: string;
        let before: Awaited<ReturnType<typeof state>>;
        {
          const handle = await target.open();
          await seedCatalogue(handle.db);
          const app = createApp({ db: handle.db, config: testConfig() });
          const member = await createMember(
            { app, handle, clock: { now: new Date() } },
            { creditCents: 500, safeGb: SAFE_GB, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 3 } },
          );
          ssn = member.ssn;
          email = member.email;
          before = await state(handle, ssn);
          await handle.close();
        }
        let acknowledged = 0;
        let sent = 0;
        let kills = 0;

        while (acknowledged < WRITES) {
          const server = await startServer({ ...target.env, API_ONLY: 'true' });
          const member = await signIn(server.base, email, BUILT_PASSWORD);
          expect(member.ssn).toBe(ssn);
          // Kill somewhere in the middle of what is left (never before 100 more), unless this is the last stretch.
          const killAt = acknowledged + 100 + Math.floor(Math.random() * 300);
          const lastStretch = kills >= 2;
          let stop = false;
          const worker = async () => {
            while (!stop && acknowledged < WRITES) {
              sent++;
              try {
                const res = await fetch(
                  `${server.base}/panda/protected/users/${member.userId}/sims/${ssn}/flexidata/safe/unlock`,
                  {
                    method: 'POST',
                    headers: { ...member.headers, 'content-type': 'application/json' },
                    body: JSON.stringify({ amount_gb: 1 }),
                  },
                );
                if (res.status === 201) acknowledged++;
                else throw new Error(`unlock answered ${res.status}: ${await res.text()}`);
              } catch (error) {
                if (!stop) throw error;
                return; // the server was killed under this request: it may or may not have been written
              }
              if (!lastStretch && acknowledged >= killAt && !stop) {
                stop = true;
                server.child.kill('SIGKILL');
                kills++;
              }
            }
          };
          await Promise.all(Array.from({ length: CONCURRENCY }, worker));
          if (!stop) {
            stop = true;
            server.child.kill('SIGKILL');
            kills++;
          }
          await new Promise<void>((resolve) =>
            server.child.exitCode !== null || server.child.signalCode !== null
              ? resolve()
              : server.child.once('exit', () => resolve()),
          );
        }

        const handle = await target.open();
        try {
          const after = await state(handle, ssn);
          // Every acknowledged unlock is there; at most the ones in flight at the kills more.
          const unlocked = after.unlocks - before.unlocks;
          expect(unlocked).toBeGreaterThanOrEqual(acknowledged);
          expect(unlocked).toBeLessThanOrEqual(sent);
          // None half done: each unlock line matches 1 GB out of the Safe and 1 GB into the membership.
          expect(after.safeKb).toBe(before.safeKb - unlocked * KB_PER_GB);
          expect(after.dataInKb).toBe(before.dataInKb + unlocked * KB_PER_GB);
          console.log(
            `crash safety (${target.name}): ${acknowledged} acknowledged, ${sent} sent, ${kills} kills, ${unlocked} unlocks found`,
          );
        } finally {
          await handle.close();
        }
      },
    );
  },
);

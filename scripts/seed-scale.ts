import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { readEnv } from '../src/server/env.ts';
import { SCALE_PASSWORD, scaleEmail, seedScale } from '../src/server/seed/scale.ts';
import { seedCatalogue } from '../src/server/seed/seed.ts';

/**
 * `npm run db:seed-scale -- --members 1000000 [--force] [--sample scale-members.csv]`: fills the
 * PostgreSQL database of DATABASE_URL with made members for the scale bench (src/server/seed/scale.ts).
 * Never the demo's or production's: it refuses PGlite, NODE_ENV=production, and a database that already
 * holds members unless --force. The e-mails and password of a sample of the members go to --sample.
 */
const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    force: { type: 'boolean', default: false },
    sample: { type: 'string', default: 'scale-members.csv' },
    'sample-size': { type: 'string', default: '1000' },
  },
});
const members = Number(values.members);
if (!Number.isInteger(members) || members < 1 || members > 10_000_000) {
  console.error('--members must be a whole number from 1 to 10,000,000');
  process.exit(2);
}
const env = readEnv();
if (env.NODE_ENV === 'production') {
  console.error('NODE_ENV=production: made members never go into a production database; nothing seeded.');
  process.exit(1);
}
if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
  console.error(
    'DATABASE_URL must be a postgres:// URL: the scale seeder is for PostgreSQL (the embedded database is for trying).',
  );
  process.exit(1);
}
// Migrated, with the catalogue the memberships refer to.
const database = await openDatabase(env.DATABASE_URL, { poolMax: 1, dataDir: env.DATA_DIR });
const client = new pg.Client({ connectionString: env.DATABASE_URL });
try {
  await client.connect();
  const held = Number((await client.query<{ n: string }>('select count(*) as n from members')).rows[0]?.n ?? 0);
  if (held > 0 && !values.force) {
    console.error(
      `The database already holds ${held.toLocaleString('en-IE')} members; nothing seeded (--force adds to them).`,
    );
    process.exit(1);
  }
  await seedCatalogue(database.db);
  const started = performance.now();
  const { first, last } = await seedScale(client, { members, log: (line) => console.log(line) });
  const seconds = (performance.now() - started) / 1000;
  // An even sample across the made members, for load tests (bench:scale signs them in).
  const size = Math.min(Number(values['sample-size']), members);
  const step = members / size;
  const sample = Array.from({ length: size }, (_, i) => scaleEmail(first + Math.floor(i * step)));
  writeFileSync(values.sample, ['email,password', ...sample.map((e) => `${e},${SCALE_PASSWORD}`)].join('\n') + '\n');
  console.log(
    `Seeded members ${first.toLocaleString('en-IE')}–${last.toLocaleString('en-IE')} in ${seconds.toFixed(0)} s; a sample of ${size} in ${values.sample}.`,
  );
} finally {
  await client.end();
  await database.close();
}

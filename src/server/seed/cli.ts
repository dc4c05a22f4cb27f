import { openDatabase } from '../db/client.ts';
import { isEmpty, resetDatabase, seedDemo } from './seed.ts';
import { readEnv } from '../env.ts';

/** `npm run db:seed` seeds an empty database; `npm run db:reset` empties it and seeds again. */
const command = process.argv[2];
if (command !== 'seed' && command !== 'reset') {
  console.error('usage: node src/server/seed/cli.ts seed|reset');
  process.exit(2);
}
const env = readEnv();
if (env.NODE_ENV === 'production') {
  console.error('NODE_ENV=production: the demo members are for trying the portal only; nothing seeded.');
  process.exit(1);
}
const database = await openDatabase(env.DATABASE_URL, { poolMax: env.DATABASE_POOL_MAX, dataDir: env.DATA_DIR });
try {
  if (command === 'reset') await resetDatabase(database.db);
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, new Date());
    console.log(`Seeded the demo members (${database.kind}).`);
  } else {
    console.log('The database already holds members; nothing seeded. Use npm run db:reset to start again.');
  }
} finally {
  await database.close();
}

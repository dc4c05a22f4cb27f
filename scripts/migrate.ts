import { openDatabase } from '../src/server/db/client.ts';
import { readEnv } from '../src/server/env.ts';
import { syncProducts } from '../src/server/seed/seed.ts';

/**
 * Applies the database migrations and exits: run once before starting (or rolling) the instances
 * (deploy/README.md). The server applies them at start too; with several instances, migrating once
 * first means no instance starts on a half-migrated database.
 */
const env = readEnv();
const database = await openDatabase(env.DATABASE_URL, { poolMax: 1, dataDir: env.DATA_DIR });
// The products the code sells (a product's row must exist before anything refers to it).
await syncProducts(database.db);
await database.close();
console.log(`Migrations applied and products written (${database.kind}).`);

import { openDatabase } from '../src/server/db/client.ts';
import { readEnv } from '../src/server/env.ts';

/**
 * Applies the database migrations and exits: run once before starting (or rolling) the instances
 * (deploy/README.md). The server applies them at start too; with several instances, migrating once
 * first means no instance starts on a half-migrated database.
 */
const env = readEnv();
const database = await openDatabase(env.DATABASE_URL, { poolMax: 1, dataDir: env.DATA_DIR });
await database.close();
console.log(`Migrations applied (${database.kind}).`);

import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { seedCatalogue } from './seed.ts';

/** An embedded database of a test's own, migrated, with the catalogue: a module's unit tests of its rules on PGlite. */
export async function catalogueDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase('memory://');
  await seedCatalogue(handle.db);
  return handle;
}

import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../services/outcome.ts';

/** Whether the database answers a trivial query. */
export async function databaseAnswers({ db }: Pick<ServiceContext, 'db'>): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

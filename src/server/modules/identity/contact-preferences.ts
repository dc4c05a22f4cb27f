import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { contactPreferences } from '../../db/schema.ts';

type Preferences = typeof contactPreferences.$inferSelect;

/**
 * How a member wants to be contacted, in the words an agent reads beside their ticket (the help
 * desk's comment, the sandbox's agent view): null when they asked for nothing.
 */
export function describeContactPreferences(p: Preferences | undefined): string | null {
  if (!p) return null;
  const parts = [
    p.largePrint ? 'Large print' : null,
    p.noPhoneCalls ? 'No phone calls' : null,
    p.emailOnly ? 'E-mail only' : null,
    p.representativeName ? `Representative: ${p.representativeName} (${p.representativeRelationship})` : null,
    p.notes ? `Note: ${p.notes}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

export async function contactPreferencesOf(db: Queryable, memberId: number): Promise<Preferences | undefined> {
  const [row] = await db.select().from(contactPreferences).where(eq(contactPreferences.memberId, memberId));
  return row;
}

export const describedContactPreferencesOf = async (db: Queryable, memberId: number) =>
  describeContactPreferences(await contactPreferencesOf(db, memberId));

import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { roamingMonths, roamingProfiles, roamingUsage } from '../../db/schema.ts';

/** A deleted account's roaming: where the SIM was abroad and when says where the person was, so none of it is kept. */
export async function forgetRoamingOf(tx: Queryable, ssns: string[]): Promise<void> {
  if (ssns.length === 0) return;
  await tx.delete(roamingUsage).where(inArray(roamingUsage.ssn, ssns));
  await tx.delete(roamingMonths).where(inArray(roamingMonths.ssn, ssns));
  await tx.delete(roamingProfiles).where(inArray(roamingProfiles.ssn, ssns));
}

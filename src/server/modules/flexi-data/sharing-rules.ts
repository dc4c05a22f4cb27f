import type { Queryable } from '../../db/client.ts';

/**
 * Whether data may go from one SIM to another (spot me, share), as other domains rule it: each rule
 * answers in the move's transaction, and all must agree. The household adds its own (an under-18
 * line kept within its household) when its module loads, so flexible data knows nothing of households.
 */
type SharingRule = (tx: Queryable, fromSsn: string, toSsn: string) => Promise<boolean>;
const rules: SharingRule[] = [];

export const sharingRules = { add: (rule: SharingRule) => void rules.push(rule) };

export async function sharingAllowed(tx: Queryable, fromSsn: string, toSsn: string): Promise<boolean> {
  for (const rule of rules) if (!(await rule(tx, fromSsn, toSsn))) return false;
  return true;
}

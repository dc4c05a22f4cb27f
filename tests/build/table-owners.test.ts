import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { touches, type Touch } from '../../scripts/table-owners.ts';

/**
 * Each table one owner (docs/decisions/062-each-table-one-owner.md): a module writes only the tables
 * it declares, and asks another module through its face for the rest. The decision lists the few
 * writes allowed across (at most 3) and, until they move, the writes still to move; every other
 * write into another module's table fails here, and so does a listed one that is gone (the lists
 * stay true). Reads across modules are counted and may only go down.
 */
const ADR = readFileSync(join(import.meta.dirname, '../../docs/decisions/062-each-table-one-owner.md'), 'utf8');

/** The `module → owner.table` pairs of one of the decision's lists (its heading, then `- \`a → b.t\`: why`). */
function listed(heading: string): string[] {
  const section = ADR.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) throw new Error(`the decision has no section "${heading}"`);
  return [...section.matchAll(/^- `([a-z-]+ → [a-z-]+\.[a-z_]+)`/gm)].map((m) => m[1]!);
}

const across = touches().filter((t) => t.module !== t.owner && !t.file.startsWith('src/server/seed/'));
const pair = (t: Touch) => `${t.module} → ${t.owner}.${t.table}`;
const writes = across.filter((t) => t.kind === 'write');
const reads = across.filter((t) => t.kind === 'read');

/** Reads of another module's tables, counted on the day the rule came in: the figure only goes down. */
const READS_ACROSS_AT_MOST = 245;

describe('each table one owner', () => {
  it('the decision allows at most 3 kinds of write across modules', () => {
    expect(listed('Allowed').length).toBeLessThanOrEqual(3);
  });

  it('every write into another module’s table is allowed by the decision or listed as still to move', () => {
    const known = new Set([...listed('Allowed'), ...listed('Still to move')]);
    const unknown = writes.filter((t) => !known.has(pair(t))).map((t) => `${pair(t)} (${t.file}:${t.line})`);
    expect(unknown, 'write through the owner’s face (its index.ts) instead').toEqual([]);
  });

  it('every write the decision lists still happens: a write moved to its owner leaves the list', () => {
    const found = new Set(writes.map(pair));
    expect([...listed('Allowed'), ...listed('Still to move')].filter((p) => !found.has(p))).toEqual([]);
  });

  it(`reads of another module’s tables stay at most ${READS_ACROSS_AT_MOST}`, () => {
    expect(reads.length).toBeLessThanOrEqual(READS_ACROSS_AT_MOST);
  });

  it('the check finds what it looks for: a write by drizzle, through the schema, in a loop and in SQL', () => {
    // The rule's own proof, on the files it reads: each form of write it must see is seen somewhere.
    const all = touches();
    const seen = (file: string, table: string) =>
      all.some((t) => t.kind === 'write' && t.file.endsWith(file) && t.table === table);
    expect(seen('money/balance/moves.ts', 'ledger')).toBe(true); // drizzle's insert
    expect(seen('lines/sim-keyed.ts', 'network_orders')).toBe(true); // through the schema (schema.networkOrders)
    expect(seen('identity/erase.ts', 'passkeys')).toBe(true); // in a loop over a list of tables
    expect(seen('money/usage/allowance-ctes.ts', 'counted_uses')).toBe(true); // raw SQL
    expect(all.some((t) => t.kind === 'read' && t.owner !== t.module)).toBe(true);
  });
});

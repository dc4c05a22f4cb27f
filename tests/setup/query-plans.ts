import pg from 'pg';

/** A statement as it went to PostgreSQL: its text and the values bound to it. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Every statement sent while `work` runs, by every pg client of this process (the app's pool
 * included): what a member's read or a job costs the database, to be explained after.
 */
export async function captureStatements(work: () => Promise<void>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
    const bound = (typeof config === 'object' && (config as { values?: unknown[] }).values) || values;
    if (text) statements.push({ text, values: Array.isArray(bound) ? bound : [] });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return statements;
}

/** Statements a plan can be asked of (reads, updates, deletes), each text once. */
export function explainable(statements: Statement[]): Statement[] {
  const seen = new Set<string>();
  return statements.filter((s) => {
    if (!/^\s*(select|with|update|delete)\b/i.test(s.text) || seen.has(s.text)) return false;
    seen.add(s.text);
    return true;
  });
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** The plan PostgreSQL makes for a statement with its values (run too, with `analyze`: reads only). */
export async function planOf(client: pg.Client, s: Statement, analyze = false): Promise<PlanNode> {
  const options = analyze ? '(analyze, buffers, format json)' : '(format json)';
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain ${options} ${s.text}`, s.values);
  return rows[0]!['QUERY PLAN'][0].Plan;
}

/** The plan as text, for a person to read beside the figures. */
export async function planText(client: pg.Client, s: Statement, analyze = false): Promise<string> {
  const options = analyze ? '(analyze, buffers)' : '';
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${options} ${s.text}`, s.values);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The tables a plan reads whole. */
export function seqScans(plan: PlanNode): string[] {
  const own = plan['Node Type'] === 'Seq Scan' && plan['Relation Name'] ? [plan['Relation Name']] : [];
  return [...own, ...(plan.Plans ?? []).flatMap(seqScans)];
}

/** Rows of each table, by the planner's statistics. */
export async function tableRows(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ relname: string; reltuples: number }>(
    `select relname, reltuples::float8 as reltuples from pg_class where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace`,
  );
  return new Map(rows.map((r) => [r.relname, Number(r.reltuples)]));
}

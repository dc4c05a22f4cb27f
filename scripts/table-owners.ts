import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Who touches which table: every table is declared in one module's `*.tables.ts` (its owner); this
 * reads every production file under src/server and finds each statement that writes a table (drizzle's
 * `insert`, `update`, `delete` on a table, or raw SQL's `insert into`, `update … set`, `delete from`)
 * and each that reads one (`from`, a join, `db.query.<table>`, raw SQL's `from` or `join`), by the
 * module whose folder holds the file. The build test (tests/build/table-owners.test.ts) fails on a
 * write into another module's table that ADR 062's list does not allow, and on more reads across
 * modules than its recorded count. `node scripts/table-owners.ts` prints both.
 */
export interface Touch {
  file: string;
  line: number;
  module: string;
  owner: string;
  table: string;
  kind: 'write' | 'read';
}

const root = resolve(import.meta.dirname, '..');
const server = join(root, 'src/server');

/** The module a file belongs to: its folder under src/server/modules, or 'platform' for the rest. */
export function moduleOf(file: string): string {
  const path = relative(join(server, 'modules'), file);
  return path.startsWith('..') ? 'platform' : path.split('/')[0]!;
}

function sourceFiles(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts'))
    .map((d) => join(d.parentPath, d.name))
    .filter((f) => !f.includes('/migrations/'));
}

/** Every table: its name in code and in SQL, and the module that declares it. */
export function tables(files = sourceFiles(server)) {
  const byIdent = new Map<string, { owner: string; sql: string }>();
  const bySql = new Map<string, { owner: string; ident: string }>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      byIdent.set(m[1]!, { owner: moduleOf(file), sql: m[2]! });
      bySql.set(m[2]!, { owner: moduleOf(file), ident: m[1]! });
    }
  }
  return { byIdent, bySql };
}

const WRITE_CALLS = new Set(['insert', 'update', 'delete']);
const READ_CALLS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);

export function touches(files = sourceFiles(server)): Touch[] {
  const { byIdent, bySql } = tables(files);
  const found: Touch[] = [];
  for (const file of files) {
    const module = moduleOf(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node, table: string, owner: string, kind: Touch['kind']) =>
      found.push({
        file: relative(root, file),
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        module,
        owner,
        table,
        kind,
      });
    // A table named by its identifier (`ledger`) or through the schema (`schema.ledger`, `s.ledger`).
    const tableNamed = (e: ts.Expression | undefined) => {
      const name = !e
        ? undefined
        : ts.isIdentifier(e)
          ? e.text
          : ts.isPropertyAccessExpression(e)
            ? e.name.text
            : undefined;
      return name ? byIdent.get(name) : undefined;
    };
    // `for (const t of [sessions, alerts, …]) tx.delete(t)`: the loop's variable stands for each table of its list.
    const loopTables = new Map<string, { owner: string; sql: string }[]>();
    const visit = (node: ts.Node) => {
      if (
        ts.isForOfStatement(node) &&
        ts.isVariableDeclarationList(node.initializer) &&
        ts.isArrayLiteralExpression(node.expression)
      ) {
        const variable = node.initializer.declarations[0]?.name;
        const listed = node.expression.elements.map((e) => tableNamed(e)).filter((x) => x !== undefined);
        if (variable && ts.isIdentifier(variable) && listed.length > 0) loopTables.set(variable.text, listed);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        const first = node.arguments[0];
        const kind = WRITE_CALLS.has(name) ? 'write' : READ_CALLS.has(name) ? 'read' : undefined;
        const named = tableNamed(first);
        const tablesOf = named ? [named] : first && ts.isIdentifier(first) ? (loopTables.get(first.text) ?? []) : [];
        if (kind) for (const table of tablesOf) add(node, table.sql, table.owner, kind);
      }
      // db.query.<table>.findFirst / findMany
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'query'
      ) {
        const table = byIdent.get(node.name.text);
        if (table) add(node, table.sql, table.owner, 'read');
      }
      if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const text = node.getText(source);
        for (const m of text.matchAll(/\b(insert\s+into|update|delete\s+from|from|join)\s+"?(\w+)"?/gi)) {
          const table = bySql.get(m[2]!);
          if (!table) continue;
          const verb = m[1]!.toLowerCase().replace(/\s+/g, ' ');
          if (
            verb === 'update' &&
            !new RegExp(`update\\s+"?${m[2]}"?\\s+(as\\s+\\w+\\s+|\\w+\\s+)?set\\b`, 'i').test(text)
          )
            continue;
          add(node, m[2]!, table.owner, verb === 'from' || verb === 'join' ? 'read' : 'write');
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = touches().filter((t) => t.module !== t.owner);
  const writes = all.filter((t) => t.kind === 'write');
  const reads = all.filter((t) => t.kind === 'read');
  for (const t of writes) console.log(`write ${t.module} → ${t.owner}.${t.table}  ${t.file}:${t.line}`);
  const pairs = new Set(writes.map((t) => `${t.module}→${t.owner}`));
  console.log(
    `\n${writes.length} writes into another module's tables, ${pairs.size} pairs; ${reads.length} reads across`,
  );
  if (process.argv.includes('--reads'))
    for (const t of reads) console.log(`read ${t.module} → ${t.owner}.${t.table}  ${t.file}:${t.line}`);
}

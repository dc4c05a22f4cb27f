import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * No import cycles in src, type-only imports included (`npm run check`). ESLint's import-x/no-cycle
 * skips `import type`, yet a contract and its routes that lean on each other's types hide which one
 * owns a rule: this check reads every static import and export-from (not the lazy `import()` that
 * loads a screen on demand) and fails on any cycle, naming its files.
 */
const root = resolve(import.meta.dirname, '..');
// The folder to read: src, or another given (the build tests check the check on a fixture).
const folder = resolve(root, process.argv[2] ?? 'src');
const files = (readdirSync(folder, { recursive: true, withFileTypes: true }) as Dirent[])
  .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts'))
  .map((d) => join(d.parentPath, d.name));
const known = new Set(files);

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
        ? (statement.moduleSpecifier as ts.StringLiteral).text
        : undefined;
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
    if (known.has(target)) found.push(target);
  }
  return found;
}
const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
function visit(file: string) {
  order.set(file, index);
  low.set(file, index++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file)!, low.get(next)!));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
  }
  if (low.get(file) === order.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.map((f) => relative(root, f)).sort());
  }
}
for (const file of files) if (!order.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`Import cycles (type-only imports count): ${cycles.length}`);
  for (const cycle of cycles) console.error(`  ${cycle.join(' ↔ ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${files.length} files (type-only imports included).`);

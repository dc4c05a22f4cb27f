import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's table of modules says the truth: each module's "Uses the faces of" names
 * exactly the modules whose face (`index.ts`) its production files import, and every one of them sits
 * above it in the table (no module leans on one below).
 */
const MODULES = 'src/server/modules';
const doc = readFileSync('docs/architecture.md', 'utf8');

/** The table's rows in order: module, and the faces it says it uses. */
const rows = [...doc.matchAll(/^\| `([a-z-]+)` +\| [^|]+\| ([^|]+)\|$/gm)].map((m) => ({
  module: m[1]!,
  uses: m[2]!.includes('kernel only')
    ? []
    : m[2]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .sort(),
}));

/** The other modules' faces a module's production files import. */
function facesUsedBy(module: string): string[] {
  const files = (readdirSync(join(MODULES, module), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
    .map((d) => join(d.parentPath, d.name));
  const used = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/from '(?:\.\.\/)+([a-z-]+)\/index\.ts'/g))
      if (m[1] !== module) used.add(m[1]!);
  return [...used].sort();
}

const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('the architecture page’s table of modules', () => {
  it('has a row for every module, and none for a module that is not there', () => {
    expect(rows.map((r) => r.module).sort()).toEqual(modules);
  });

  for (const module of modules)
    it(`${module}: its row names exactly the faces it imports, each above it`, () => {
      const row = rows.find((r) => r.module === module);
      expect(row?.uses).toEqual(facesUsedBy(module));
      const above = rows
        .slice(
          0,
          rows.findIndex((r) => r.module === module),
        )
        .map((r) => r.module);
      expect(row!.uses.filter((u) => !above.includes(u))).toEqual([]);
    });
});

describe('routes files', () => {
  it('wire handlers to paths and read nothing themselves (no database, no tables, no query)', () => {
    const routes = (readdirSync('src/server', { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile() && d.name.endsWith('.routes.ts'))
      .map((d) => join(d.parentPath, d.name));
    expect(routes.length).toBeGreaterThan(20);
    const querying = routes.filter((file) =>
      /c\.var\.db\b|from 'drizzle-orm'|db\/schema|\.tables\.ts'/.test(readFileSync(file, 'utf8')),
    );
    expect(querying).toEqual([]);
  });
});

describe('source files', () => {
  it('each says one thing: none over 400 lines but the contract’s declarations (src/contract/*.schema.ts)', () => {
    const long = (readdirSync('src', { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile() && /\.(ts|tsx|astro)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
      .map((d) => join(d.parentPath, d.name))
      .filter((file) => !/^src\/contract\/[^/]+\.schema\.ts$/.test(file))
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > 400);
    expect(long).toEqual([]);
  });
});

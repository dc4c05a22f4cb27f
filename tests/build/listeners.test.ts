import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Listeners you can find: a module hears what other modules say (their events, and the network's
 * use and number news handed on) only in its `listeners.ts`, imported by its face; and the map of
 * who listens to what in docs/architecture.md is the one these files make.
 */
const MODULES = 'src/server/modules';
/** The network's hand-overs: a module tells the network, at load, who counts or applies what. */
const HOOKS = ['countUsageAtHome', 'countUsageAbroad', 'applyNumberLeft', 'applyNumberLeaving', 'readCreditsWith'];

const files = (readdirSync(MODULES, { recursive: true, withFileTypes: true }) as Dirent[])
  .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
  .map((d) => join(d.parentPath, d.name));
const moduleOf = (file: string) => relative(MODULES, file).split('/')[0]!;

/** Where each event (`domainEvent<…>()`) or rule set (`{ add: … }`, `{ by: … }`) other modules join is declared. */
const saidBy = new Map<string, string>();
for (const file of files)
  for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = (?:domainEvent<|\{\s*(?:add|by):)/g))
    saidBy.set(m[1]!, moduleOf(file));

/** Each registration: the event or hand-over, the module that listens, the file it is in. */
const registrations = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const events = [...text.matchAll(/^(\w+)\.(?:on|add|by)\(/gm)].map((m) => m[1]!).filter((e) => saidBy.has(e));
  const hooks = [...text.matchAll(/^(\w+)\(/gm)].map((m) => m[1]!).filter((h) => HOOKS.includes(h));
  return [...events, ...hooks].map((what) => ({ what, by: moduleOf(file), file }));
});

/** The map as the docs hold it: one line per event or hand-over, its origin and its listeners. */
function map(): string {
  const whats = [...new Set(registrations.map((r) => r.what))].sort();
  return whats
    .map((what) => {
      const from = saidBy.get(what) ?? 'network';
      const by = [...new Set(registrations.filter((r) => r.what === what).map((r) => r.by))].sort();
      return `- \`${what}\` (${from}) → ${by.join(', ')}`;
    })
    .join('\n');
}

/**
 * Orders to the network and who settles them: each cause (`orderCause('name', …)`) is declared by
 * the module that queues its orders, with what happens at each step the network reports; the map
 * names the cause, its module and its file.
 */
const causes = files
  .flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/orderCause<[\s\S]*?>\(\s*'([\w-]+)'/g)].map((m) => ({
      name: m[1]!,
      file,
    })),
  )
  .sort((a, b) => a.name.localeCompare(b.name));
const causesMap = () => causes.map((c) => `- \`${c.name}\` (${moduleOf(c.file)}): \`${c.file}\``).join('\n');

describe('listeners you can find', () => {
  it('every event listened to and every hand-over to the network is in a module’s listeners.ts', () => {
    expect(registrations.length).toBeGreaterThan(10);
    expect(registrations.filter((r) => !r.file.endsWith('/listeners.ts')).map((r) => `${r.what} in ${r.file}`)).toEqual(
      [],
    );
  });

  it('each listeners.ts is imported by its module’s face', () => {
    const modules = [...new Set(registrations.map((r) => r.by))];
    const unheard = modules.filter(
      (m) => !readFileSync(join(MODULES, m, 'index.ts'), 'utf8').includes("import './listeners.ts';"),
    );
    expect(unheard).toEqual([]);
  });

  it('docs/architecture.md holds the map of who listens to what, as the code makes it', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const held = doc.split('<!-- listeners:start -->')[1]?.split('<!-- listeners:end -->')[0]?.trim();
    expect(held, `put this between the listeners markers of docs/architecture.md:\n${map()}`).toBe(map());
  });

  it('docs/architecture.md names every order cause, with the module and file that settle its steps', () => {
    expect(causes.length).toBeGreaterThan(5);
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const held = doc.split('<!-- order-causes:start -->')[1]?.split('<!-- order-causes:end -->')[0]?.trim();
    expect(held, `put this between the order-causes markers of docs/architecture.md:\n${causesMap()}`).toBe(
      causesMap(),
    );
  });
});

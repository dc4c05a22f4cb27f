import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Docs that stay true: the README's layout names every feature, integration, job and
 * island, and every decision record says its status and date (a superseded one, by which).
 */
const readme = readFileSync('README.md', 'utf8');
const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1));
const named = (name: string) =>
  new RegExp(`(^|[^A-Za-z0-9-])${name.replace(/[.]/g, '\\.')}([^A-Za-z0-9-]|$)`).test(layout);
const folders = (dir: string) => readdirSync(dir).filter((f) => statSync(`${dir}/${f}`).isDirectory());
const modules = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.ts$/, ''));

describe("the README's layout", () => {
  it('has a Layout section', () => expect(layout.length).toBeGreaterThan(500));
  const groups: [string, string[]][] = [
    ['server feature', folders('src/server/features')],
    ['integration', folders('src/server/integrations')],
    ['job', modules('src/server/jobs')],
    ['my48 feature', folders('src/my48/features')],
    ['island', folders('src/islands')],
  ];
  for (const [kind, names] of groups)
    it(`names every ${kind}`, () => {
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => !named(n)).map((n) => `${kind} ${n}`)).toEqual([]);
    });
});

describe('decision records', () => {
  const records = readdirSync('docs/decisions').filter((f) => /^\d{3}-.*\.md$/.test(f));
  it('are numbered one after another', () => {
    expect(records.map((f) => Number(f.slice(0, 3)))).toEqual(records.map((_, i) => i + 1));
  });
  for (const file of records)
    it(`${file} says its status and date`, () => {
      const head = readFileSync(`docs/decisions/${file}`, 'utf8').split('\n').slice(0, 8);
      const status = head.find((l) => l.startsWith('Status: '));
      expect(status, 'Status line').toMatch(/^Status: (accepted|proposed|superseded by ADR \d{3}\b.*)$/);
      expect(
        head.find((l) => l.startsWith('Date: ')),
        'Date line',
      ).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
      const by = status?.match(/superseded by ADR (\d{3})/)?.[1];
      if (by)
        expect(
          records.some((r) => r.startsWith(`${by}-`)),
          `ADR ${by} exists`,
        ).toBe(true);
    });
  it('are cited by number only where they exist', () => {
    for (const m of readme.matchAll(/docs\/decisions\/(\d{3})/g))
      expect(existsSync('docs/decisions') && records.some((r) => r.startsWith(m[1]!)), m[0]).toBe(true);
  });
});

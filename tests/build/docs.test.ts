import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Docs that stay true: the README's layout names every server module, shared integration, job file,
 * my48 feature and island, and every decision record says its status and date (a superseded one, by which).
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
    ['server module', folders('src/server/modules')],
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

describe('the product’s rules live in the repo, and every citation resolves', () => {
  const tracked = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'tests', 'docs'],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((f) => /\.(ts|tsx|astro|md|css|mjs)$/.test(f) && !f.includes('/migrations/') && existsSync(f));
  const texts = tracked.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  /** The owner's documents beside the repo, by the names the code once cited them with. */
  const OWNER_DOCS = [
    'architecture',
    'community-and-offers',
    'customer-care',
    'demo-accounts',
    'flexible-data',
    'lifelines',
    'live-chat',
    'member-controls',
    'money',
    'network',
    'operations',
    'phone',
    'portal-spec',
    'production',
    'roaming',
  ];

  it('a cited docs/ path is a file of the repo', () => {
    const broken = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/(?<![\w/.-])docs\/[\w./-]*\.md/g)]
        .map((m) => m[0])
        .filter((p) => !existsSync(p))
        .map((p) => `${file}: ${p}`),
    );
    expect(broken).toEqual([]);
  });

  it('no citation points outside the repo: no bare owner’s document, no ../shared path', () => {
    const bare = new RegExp(`(?<![\\w/.-])(${OWNER_DOCS.join('|')})\\.md\\b`, 'g');
    // A page of docs/product names its neighbours by their own names (a relative link).
    const outside = texts.flatMap(({ file, text }) => [
      ...[...text.matchAll(bare)]
        .filter((m) => !(file.startsWith('docs/product/') && existsSync(`docs/product/${m[0]}`)))
        .map((m) => `${file}: ${m[0]}`),
      ...(file === 'docs/product/README.md' || file === 'tests/build/docs.test.ts'
        ? []
        : [...text.matchAll(/\.\.\/shared\//g)].map(() => `${file}: ../shared/`)),
    ]);
    expect(outside).toEqual([]);
  });

  it('a cited spec section is one docs/product/spec.md describes', () => {
    const spec = readFileSync('docs/product/spec.md', 'utf8');
    const described = new Set([...spec.matchAll(/^## Section (\d+)$/gm)].map((m) => m[1]));
    expect(described.size).toBe(9);
    const unknown = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/spec(?:'s)? sections? (\d+)/gi)]
        .map((m) => m[1]!)
        .filter((n) => !described.has(n))
        .map((n) => `${file}: spec section ${n}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the paths the product pages, the architecture and the walk-throughs name exist', () => {
    const pages = [
      'docs/architecture.md',
      'docs/adding-a-feature.md',
      ...readdirSync('docs/product').map((f) => `docs/product/${f}`),
    ];
    const missing = pages.flatMap((page) =>
      [...readFileSync(page, 'utf8').matchAll(/`((?:src|tests|content|deploy|scripts)\/[^`<*]+)`/g)]
        .map((m) => m[1]!.replace(/\/$/, ''))
        .filter((p) => !existsSync(p))
        .map((p) => `${page}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every decision record is in the index', () => {
    const index = readFileSync('docs/decisions/README.md', 'utf8');
    const records = readdirSync('docs/decisions').filter((f) => /^\d{3}-.*\.md$/.test(f));
    expect(records.filter((r) => !index.includes(`(${r})`))).toEqual([]);
  });
});

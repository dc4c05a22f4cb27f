import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkDir } from './work-dir.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportContent, exportSource } from '../../src/cms/export.ts';
import { sanityClient, sanityLoader } from '../../src/cms/sanity-loader.ts';
import { sources } from '../../src/contract/content-sources.ts';
import { sanityStandIn } from './sanity-stand-in.ts';

const htmlFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length))
    .sort();

const documents = () =>
  exportContent('content')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('content/ exported for Sanity', () => {
  it('every entry of every collection, one document a line, ids unique and importable', () => {
    const docs = documents();
    const ids = docs.map((d) => d['_id'] as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/);
    for (const source of sources)
      expect(docs.filter((d) => d['_type'] === source.type).length, source.collection).toBeGreaterThan(0);
    const help = exportSource(
      'content',
      sources.find((s) => s.collection === 'help')!,
    );
    expect(help[0]).toMatchObject({
      _type: 'helpTopic',
      entryId: expect.any(String),
      title: expect.any(String),
      body: expect.any(String),
    });
  });
});

describe('the Sanity loader against a stand-in of Sanity’s API', () => {
  let standIn: Awaited<ReturnType<typeof sanityStandIn>>;
  beforeAll(async () => {
    standIn = await sanityStandIn([
      ...documents(),
      { _id: 'drafts.helpTopic.secret', _type: 'helpTopic', entryId: 'secret', title: 'Not published' },
    ]);
  });
  afterAll(() => standIn.close());

  it('loads the published documents of a type, validated, with the token sent', async () => {
    const client = sanityClient({
      projectId: 'p48',
      dataset: 'production',
      token: 'sk-test-token',
      apiHost: standIn.url,
    });
    const stored = new Map<string, { data: Record<string, unknown>; body?: string; rendered?: unknown }>();
    const loader = sanityLoader(client, 'helpTopic', { markdown: true });
    await loader.load({
      store: {
        clear: () => stored.clear(),
        set: (e: { id: string; data: Record<string, unknown> }) => (stored.set(e.id, e), true),
      },
      parseData: async ({ data }: { data: Record<string, unknown> }) => {
        if (typeof data['title'] !== 'string') throw new Error('title: Required');
        return data;
      },
      renderMarkdown: async (body: string) => ({ html: `<p>${body.length}</p>` }),
      generateDigest: () => 'd',
      logger: { info: () => {} },
    } as never);
    const expected = documents().filter((d) => d['_type'] === 'helpTopic');
    expect(stored.size).toBe(expected.length);
    expect([...stored.keys()]).not.toContain('secret');
    const first = expected[0]!;
    expect(stored.get(first['entryId'] as string)).toMatchObject({
      data: { title: first['title'] },
      body: first['body'],
    });
    expect(standIn.seen.at(-1)).toMatchObject({ type: 'helpTopic', auth: 'Bearer sk-test-token' });
  });
});

/** A whole build from the stand-in: the same site as from the files, and a bad edit refused. */
describe('astro build with Sanity as the content source', () => {
  const work = buildWorkDir('portal-sanity-');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // Asynchronous: the stand-in answers from this process while the build runs.
  function build(
    url: string | undefined,
    name: string,
  ): Promise<{ out: string; status: number | null; output: string }> {
    const out = join(work, name);
    const sanity = url ? { SANITY_PROJECT_ID: 'p48', SANITY_DATASET: 'production', SANITY_API_HOST: url } : {};
    const child = spawn('npx', ['astro', 'build'], {
      env: { ...process.env, ...sanity, ASTRO_OUT_DIR: out, ASTRO_CACHE_DIR: join(work, `${name}-cache`) },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    return new Promise((resolve) => child.once('close', (status) => resolve({ out, status, output })));
  }

  it('builds every page from Sanity, an editor’s change included', { timeout: 180_000 }, async () => {
    const docs = documents();
    const topic = docs.find((d) => d['_type'] === 'helpTopic')!;
    topic['heading'] = 'Edited in Sanity: how top-ups work';
    const standIn = await sanityStandIn(docs);
    try {
      // One after the other: each build writes the project's own .astro/content-assets.mjs (Astro keeps it
      // there whatever the cache dir), and two at once can rename it from under each other (ENOENT, seen in CI).
      const { out, status, output } = await build(standIn.url, 'dist');
      const files = await build(undefined, 'files');
      expect(status, output).toBe(0);
      expect(files.status, files.output).toBe(0);
      expect(output).toMatch(/documents from Sanity/);
      // The same pages as a build from the files: every entry id came through.
      expect(htmlFiles(out)).toEqual(htmlFiles(files.out));
      for (const page of [
        'index.html',
        'help/index.html',
        'memberships/index.html',
        'coverage-checker/index.html',
        `help/${String(topic['entryId'])}/index.html`,
      ]) {
        expect(existsSync(join(out, page)), page).toBe(true);
      }
      expect(readFileSync(join(out, `help/${String(topic['entryId'])}/index.html`), 'utf8')).toContain(
        'Edited in Sanity: how top-ups work',
      );
      const plan = docs.find((d) => d['_type'] === 'plan' && d['listed'] !== false)!;
      expect(readFileSync(join(out, 'memberships/index.html'), 'utf8')).toContain(String(plan['name']));
    } finally {
      await standIn.close();
    }
  });

  it('a document that breaks its schema stops the build, naming the field', { timeout: 180_000 }, async () => {
    const docs = documents();
    const plan = docs.find((d) => d['_type'] === 'plan')!;
    plan['price_cents'] = 'free';
    const standIn = await sanityStandIn(docs);
    try {
      const { status, output } = await build(standIn.url, 'broken');
      expect(status).not.toBe(0);
      expect(output).toMatch(/price_cents/);
    } finally {
      await standIn.close();
    }
  });
});

describe('the Sanity document types (sanity/schema.ts)', () => {
  it('one per collection, with a field for every field of the exported content', async () => {
    const { schemaTypes } = await import('../../sanity/schema.ts');
    expect(schemaTypes.map((t) => t.name).sort()).toEqual(sources.map((s) => s.type).sort());
    for (const document of documents()) {
      const type = schemaTypes.find((t) => t.name === document['_type'])!;
      const fields = new Set(type.fields.map((f) => f.name));
      for (const key of Object.keys(document).filter((k) => !k.startsWith('_')))
        expect(fields.has(key), `${type.name}.${key}`).toBe(true);
    }
  });
});

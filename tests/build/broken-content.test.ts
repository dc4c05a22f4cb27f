import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkDir } from './work-dir.ts';
import { afterAll, describe, expect, it } from 'vitest';

const work = buildWorkDir('portal-content-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function buildWith(mutate: (content: string) => void) {
  const content = join(work, `content-${Math.random().toString(36).slice(2)}`);
  cpSync('content', content, { recursive: true });
  mutate(content);
  const result = spawnSync('npx', ['astro', 'build'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      CONTENT_DIR: content,
      ASTRO_OUT_DIR: join(content, 'dist'),
      ASTRO_CACHE_DIR: join(content, 'cache'),
    },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('a content file that breaks its schema', () => {
  it('(control) an unchanged copy of the content builds', () => {
    const { status, output } = buildWith(() => {});
    expect(output).not.toMatch(/error/i);
    expect(status).toBe(0);
  }, 120_000);

  it('fails the build with a message naming the file and the field', () => {
    const { status, output } = buildWith((content) => {
      const file = join(content, 'pages', 'about-us.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^heading: .*$/m, ''));
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/pages\/about-us\.md/);
    expect(output).toMatch(/heading/);
  }, 120_000);

  it('fails on a wrong type in YAML data too', () => {
    const { status, output } = buildWith((content) => {
      const file = join(content, 'plans.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('price_cents: 1299', 'price_cents: "twelve"'));
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/plans\.yaml/);
    expect(output).toMatch(/BDDV00/);
    expect(output).toMatch(/price_cents/);
  }, 120_000);
});

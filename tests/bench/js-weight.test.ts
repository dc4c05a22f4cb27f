import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { weighPage } from './js-weight.ts';

describe('weighPage', () => {
  it('counts inline scripts, island chunks and their static imports once each, not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'weigh-'));
    mkdirSync(join(dir, '_astro'));
    const island = 'import{a}from"./shared.js";import"./shared.js";export default a;';
    const shared = 'export const a=1;' + 'x'.repeat(100);
    const client = 'import"./shared.js";';
    writeFileSync(join(dir, '_astro', 'island.js'), island);
    writeFileSync(join(dir, '_astro', 'shared.js'), shared);
    writeFileSync(join(dir, '_astro', 'client.js'), client);
    writeFileSync(join(dir, '_astro', 'lazy.js'), 'never loaded up front');
    writeFileSync(
      join(dir, 'index.html'),
      '<script type="application/ld+json">{"a":1}</script><script>console.log(1)</script>' +
        '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>',
    );
    const w = weighPage(dir, 'index.html');
    expect(w.hasIsland).toBe(true);
    expect(w.files).toEqual(['(inline)', '/_astro/island.js', '/_astro/client.js', '/_astro/shared.js']);
    expect(w.bytes).toBe('console.log(1)'.length + island.length + client.length + shared.length);
    expect(w.gzipBytes).toBeGreaterThan(0);
  });

  it('counts a dynamic import only when asked to, with its own imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'weigh-'));
    mkdirSync(join(dir, '_astro'));
    const boot = 'import"./shared.js";const s=()=>import(`./banner.js`);const t=()=>import("./other.js");';
    writeFileSync(join(dir, '_astro', 'boot.js'), boot);
    writeFileSync(join(dir, '_astro', 'shared.js'), 'export const a=1;');
    writeFileSync(join(dir, '_astro', 'banner.js'), 'import"./shared.js";import"./lib.js";');
    writeFileSync(join(dir, '_astro', 'lib.js'), 'export const lib=2;');
    writeFileSync(join(dir, '_astro', 'other.js'), 'export const other=3;');
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="/_astro/boot.js"></script>');
    expect(weighPage(dir, 'index.html').files).toEqual(['/_astro/boot.js', '/_astro/shared.js']);
    expect(weighPage(dir, 'index.html', /banner/).files).toEqual([
      '/_astro/boot.js',
      '/_astro/shared.js',
      '/_astro/banner.js',
      '/_astro/lib.js',
    ]);
  });
});

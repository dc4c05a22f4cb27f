import { describe, expect, it } from 'vitest';
import { changedKeys, MAX_PAGE_KEYS } from './cdn-purges.ts';
import { MISSING_KEY, pageKey, SITE_KEY } from './http/cache-policy.ts';

const siteOf = (files: Record<string, string>) => ({
  files: new Map(Object.entries(files).map(([path, etag]) => [path, { etag, size: 1, type: 'text/html' }])),
});

describe('what a release purges', () => {
  const before = siteOf({
    '/index.html': '"a"',
    '/help/index.html': '"b"',
    '/blog/old/index.html': '"c"',
    '/_astro/island.abc.js': '"d"',
  });

  it('the files that changed or went, never a hashed bundle; nothing when nothing changed', () => {
    const after = siteOf({ '/index.html': '"a"', '/help/index.html': '"B"', '/_astro/island.xyz.js': '"e"' });
    expect(changedKeys(before, after).sort()).toEqual(
      [pageKey('/blog/old/index.html'), pageKey('/help/index.html')].sort(),
    );
    expect(changedKeys(before, before)).toEqual([]);
  });

  it('a new file: its key and the cached "no such page" answers', () => {
    const after = siteOf({
      ...Object.fromEntries([...before.files].map(([p, f]) => [p, f.etag])),
      '/blog/new/index.html': '"n"',
    });
    expect(changedKeys(before, after)).toEqual([pageKey('/blog/new/index.html'), MISSING_KEY]);
  });

  it(`more than ${MAX_PAGE_KEYS} changed files: the whole site in one key`, () => {
    const many = siteOf(
      Object.fromEntries(Array.from({ length: MAX_PAGE_KEYS + 1 }, (_, i) => [`/p${i}.html`, '"x"'])),
    );
    expect(changedKeys(before, many)).toEqual([SITE_KEY]);
  });
});

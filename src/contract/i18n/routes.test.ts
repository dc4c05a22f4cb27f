import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, isLocalised, localUrl } from './routes.ts';

describe('the pages that are their document alone', () => {
  it('are each nothing but their content page in English, so no language loses what the English page has', () => {
    for (const page of CONTENT_PAGES) {
      const source = readFileSync(`src/pages/${page}.astro`, 'utf8');
      const markup = source.slice(source.lastIndexOf('---') + 3).trim();
      expect(markup, page).toBe(`<ContentPage entry="${page}" />`);
    }
  });

  it('are in every language at their English path under the locale', () => {
    for (const page of CONTENT_PAGES) {
      expect(isLocalised(`/pl/${page}`), page).toBe(true);
      expect(isLocalised(`/${page}`), page).toBe(true);
    }
    expect(isLocalised('/blog')).toBe(false);
    // An address with its query: the payment page in the language of the page that opens it.
    expect(localUrl('pl', '/payment-gateway/?checkout=abc')).toBe('/pl/payment-gateway/?checkout=abc');
    expect(localUrl('pl', '/blog?x=1#y')).toBe('/blog?x=1#y');
  });
});

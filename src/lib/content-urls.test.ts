import { describe, expect, it } from 'vitest';
import { metaKeyOf, urlOf } from './content-urls.ts';

describe('urlOf', () => {
  it.each([
    ['pages', 'index', '/'],
    ['pages', 'about-us', '/about-us'],
    ['pages', 'static/html/iwf/block', '/static/html/iwf/block.html'],
    ['pages', 'payment-gateway', '/payment-gateway/'],
    ['help', 'index', '/help'],
    ['help', 'roaming', '/help/roaming'],
    ['unlock', 'vodafone', '/unlock-your-phone/vodafone'],
    ['legal', 'privacy-policy', '/legal/privacy-policy'],
    ['charges', 'roaming', '/charges/roaming'],
    ['blog', 'what-is-the-safe', '/blog/what-is-the-safe'],
  ] as const)('%s/%s is published at %s', (collection, id, url) => {
    expect(urlOf(collection, id)).toBe(url);
  });
});

describe('metaKeyOf', () => {
  it('names the home page "home" and strips slashes elsewhere', () => {
    expect(metaKeyOf('/')).toBe('home');
    expect(metaKeyOf('/payment-gateway/')).toBe('payment-gateway');
    expect(metaKeyOf('/help/roaming')).toBe('help/roaming');
  });
});

describe('another language’s pages', () => {
  it('publish their home page at the locale’s root', () => {
    expect(urlOf('pages', 'ga/index')).toBe('/ga/');
    expect(urlOf('pages', 'pl/index')).toBe('/pl/');
    expect(urlOf('pages', 'index')).toBe('/');
  });

  it('publish every other document at the English one’s page under the locale', () => {
    expect(urlOf('pages', 'pl/memberships')).toBe('/pl/memberships');
    expect(urlOf('legal', 'pl/terms-and-conditions')).toBe('/pl/legal/terms-and-conditions');
    expect(urlOf('help', 'ga/index')).toBe('/ga/help');
    expect(urlOf('help', 'ga/roaming')).toBe('/ga/help/roaming');
  });
});

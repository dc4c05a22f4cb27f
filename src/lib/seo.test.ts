import { describe, expect, it } from 'vitest';
import { pageTitle } from './seo.ts';

describe('pageTitle', () => {
  it('puts the page first, then the product name and tagline', () => {
    expect(pageTitle('Logout', { name: '48', tagline: 'Prepaid mobile' })).toBe('Logout | 48 - Prepaid mobile');
  });
});

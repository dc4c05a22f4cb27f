import { expect, it } from 'vitest';
import { requestOf } from './choices.ts';

it('turns the screen’s choices into a ListProducts request', () => {
  // Spec section 9: pages of the product pagination limit, 100; spec section 7: category filters.
  expect(requestOf({ category: '', brand: '', grade: '', sort: 'popularity' })).toEqual({
    sort: { by: 'popularity', order: 'desc' },
    pagination: { limit: 100 },
    filter: {},
  });
  expect(
    requestOf({ category: 'budget', brand: 'Apple', grade: 'Good', sort: 'price-asc' }, 'apple-iphone-11-64-good'),
  ).toEqual({
    sort: { by: 'price', order: 'asc' },
    pagination: { limit: 100, startingAfter: 'apple-iphone-11-64-good' },
    filter: { category: ['budget'], brand: ['Apple'], grade: ['Good'] },
  });
  expect(requestOf({ category: '', brand: '', grade: '', sort: 'price-desc' }).sort).toEqual({
    by: 'price',
    order: 'desc',
  });
});

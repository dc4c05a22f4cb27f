import { expect, it } from 'vitest';
import { requestOf } from './choices.ts';

it('turns the screen’s choices into a ListProducts request', () => {
  expect(requestOf({ brand: '', grade: '', sort: 'popularity' })).toEqual({ sort: { by: 'popularity', order: 'desc' }, pagination: { limit: 12 }, filter: {} });
  expect(requestOf({ brand: 'Apple', grade: 'Good', sort: 'price-asc' }, 'apple-iphone-11-64-good')).toEqual({
    sort: { by: 'price', order: 'asc' }, pagination: { limit: 12, startingAfter: 'apple-iphone-11-64-good' }, filter: { brand: ['Apple'], grade: ['Good'] },
  });
  expect(requestOf({ brand: '', grade: '', sort: 'price-desc' }).sort).toEqual({ by: 'price', order: 'desc' });
});

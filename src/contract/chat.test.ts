import { expect, it } from 'vitest';
import { chatReference, queueText } from './chat.ts';

it('the queue says the place and the rough wait, or that we will be with them as soon as we can', () => {
  expect(queueText(1, 1)).toBe('You are next in the queue: about 1 minute.');
  expect(queueText(2, 3)).toBe('You are number 2 in the queue: about 3 minutes.');
  expect(queueText(4, null)).toBe('You are number 4 in the queue. We will be with you as soon as we can.');
});

it('a chat’s reference is 48-L- and six digits', () => {
  expect(chatReference(12)).toBe('48-L-000012');
});

import { lazyForm } from '../../stores/lazy-form.ts';
import { $recipient } from './gift-shop-state.ts';
export { $giftOffers, $recipient } from './gift-shop-state.ts';

/*
 * The gift shop's state. Its rules and calls load when the visitor sends the first step
 * (gift-shop-actions.ts), with the offers of step 2: the page ships none of them before.
 */

export const numberForm = lazyForm('Checking the number…', () =>
  import('./gift-shop-actions.ts').then((m) => m.numberForm),
);
export const giftForm = lazyForm('Opening the secure payment page…', () =>
  import('./gift-shop-actions.ts').then((m) => m.giftForm),
);

export function startAgain(): void {
  $recipient.set(undefined);
  numberForm.reset();
  giftForm.reset();
}

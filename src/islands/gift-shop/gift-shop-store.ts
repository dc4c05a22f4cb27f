import { atom, map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import type { giftShopApi, GIFT_KINDS } from '../../contract/gift-shop.ts';
import { lazyForm } from '../../stores/lazy-form.ts';

/*
 * The gift shop's state. Its rules and calls load when the visitor sends the first step
 * (gift-shop-actions.ts), with the offers of step 2: the page ships none of them before (issue 27).
 */

type Offers = Answer<typeof giftShopApi.offers>['_payload'];

/** The number the gift is for and what it is (a membership or a top-up), once the server accepted it. */
export const $recipient = atom<{ msisdn: string; gift: (typeof GIFT_KINDS)[number] } | undefined>(undefined);
export const $giftOffers = map<{ offers?: Offers | undefined; error?: string | undefined }>({});

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

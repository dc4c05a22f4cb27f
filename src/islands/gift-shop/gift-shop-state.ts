import { atom, map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import type { giftShopApi } from '../../contract/gift-shop.schema.ts';
import type { GIFT_KINDS } from '../../contract/gift-shop.ts';

/* The gift shop's state. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

type Offers = Answer<typeof giftShopApi.offers>['_payload'];

/** The number the gift is for and what it is (a membership or a top-up), once the server accepted it. */
export const $recipient = atom<{ msisdn: string; gift: (typeof GIFT_KINDS)[number] } | undefined>(undefined);
export const $giftOffers = map<{ offers?: Offers | undefined; error?: string | undefined }>({});

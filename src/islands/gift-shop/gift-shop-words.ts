import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';

/*
 * The gift shop's words (docs/product/languages.md): formatted at build in the page's language; the
 * actions, loaded on the first step, read them here.
 */
export const GIFT_SHOP_KEYS = [
  'form.unavailable',
  'form.failed',
  'gift.who',
  'gift.number',
  'gift.numberHint',
  'gift.what',
  'gift.aMembership',
  'gift.aTopUp',
  'gift.continue',
  'gift.checking',
  'gift.loading',
  'gift.loadFailed',
  'gift.chooseMembership',
  'gift.chooseTopUp',
  'gift.for',
  'gift.change',
  'gift.membership',
  'gift.amount',
  'gift.credit',
  'gift.email',
  'gift.emailHint',
  'gift.pay',
  'gift.opening',
  'gift.note',
  'error.giftShop.invalidNumber',
  'error.giftShop.cannotLinkMembership',
  'error.giftShop.cannotTopUp',
  'error.giftShop.notOnSale',
] as const;

export interface GiftShopSpeech {
  words: Words<(typeof GIFT_SHOP_KEYS)[number]>;
  rules: ProblemWords;
  /** The page's language tag: euro amounts as it writes them. */
  tag: string;
}

/** The words of the shop on this page, for the actions (set as it renders, before any step). */
export const $giftShopSpeech = atom<GiftShopSpeech | undefined>(undefined);

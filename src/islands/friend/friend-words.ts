import type { Words } from '../../contract/i18n/fill.ts';
import { ADDRESS_KEYS } from '../../components/forms/address-words.ts';

/* Mates rates' words (docs/product/languages.md): formatted at build in the page's language, the address's as a free SIM's. */
export const FRIEND_KEYS = [
  'form.unavailable',
  'form.failed',
  ...ADDRESS_KEYS,
  'freeSim.eircodeHint',
  'friend.loading',
  'friend.invited',
  'friend.joinWith',
  'friend.joinLink',
  'friend.logIn',
  'friend.doneTitle',
  'friend.doneBody',
  'friend.activate',
  'friend.orders',
  'friend.title',
  'friend.where',
  'friend.submit',
  'friend.ordering',
  'friend.orderFailed',
  'error.recruit.unknownAffiliate',
  'error.recruit.noRecruiter',
  'error.recruit.ownLink',
  'error.recruit.alreadyOrdered',
  'error.recruit.alreadyMember',
  'error.recruit.tooMany',
  'error.recruit.noActiveSim',
] as const;

export type FriendWords = Words<(typeof FRIEND_KEYS)[number]>;

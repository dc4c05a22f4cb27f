import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';
import { ADDRESS_KEYS } from '../../components/forms/address-words.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';

/*
 * The free-SIM order's words (docs/product/languages.md): formatted at build in the page's
 * language; the actions, loaded on the first submit, read them here.
 */
export const ORDER_FREE_SIM_KEYS = [
  'form.unavailable',
  'form.failed',
  ...ADDRESS_KEYS,
  'freeSim.title',
  'freeSim.eircodeHint',
  'freeSim.submit',
  'freeSim.note',
  'freeSim.checking',
  'freeSim.placing',
  'freeSim.doneTitle',
  'freeSim.doneBody',
  'freeSim.orders',
  'freeSim.goMy48',
  'freeSim.referralFailed',
  'error.orders.freeSimOnItsWay',
  'error.orders.captchaFailed',
] as const;

export interface OrderFreeSimSpeech {
  words: Words<(typeof ORDER_FREE_SIM_KEYS)[number]>;
  rules: ProblemWords;
  links: { orders: string; my48: string };
}

/** The words of the form on this page, for the actions (set as it renders, before any action). */
export const $orderFreeSimSpeech = atom<OrderFreeSimSpeech | undefined>(undefined);

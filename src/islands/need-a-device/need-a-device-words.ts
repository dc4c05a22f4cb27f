import type { Words } from '../../contract/i18n/fill.ts';

/*
 * The cheapest phones' words (docs/product/languages.md): formatted at build in the page's language,
 * the card's and the grades' the same as my48's phone list says them.
 */
export const NEED_A_DEVICE_KEYS = [
  'needADevice.title',
  'needADevice.none',
  'my48.ph.loading',
  'my48.ph.unavailable',
  'my48.ph.meta',
  'my48.ph.view',
  'my48.ph.viewLabel',
  'my48.ph.grade.Excellent',
  'my48.ph.grade.Very good',
  'my48.ph.grade.Good',
] as const;

export type NeedADeviceWords = Words<(typeof NEED_A_DEVICE_KEYS)[number]>;

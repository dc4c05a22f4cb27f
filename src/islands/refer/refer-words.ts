import type { Words } from '../../contract/i18n/fill.ts';

/* Refer a friend's words (docs/product/languages.md): formatted at build in the page's language; refusals by their code. */
export const REFER_KEYS = [
  'form.unavailable',
  'form.failed',
  'refer.signInTitle',
  'refer.signIn',
  'signInFirst.logIn',
  'signInFirst.join',
  'refer.loading',
  'refer.loadFailed',
  'refer.easter',
  'refer.campaign',
  'refer.campaignSlug',
  'refer.title',
  'refer.intro',
  'refer.sent',
  'refer.first',
  'refer.last',
  'refer.email',
  'refer.send',
  'refer.sending',
  'refer.yours',
  'refer.none',
  'refer.item',
  'refer.status.registered',
  'refer.status.signed_up',
  'refer.status.ordered',
  'refer.status.confirmed',
  'refer.status.failed',
  'error.referrals.alreadyReferred',
  'error.referrals.serviceDown',
] as const;

export type ReferWords = Words<(typeof REFER_KEYS)[number]>;

import type { Words } from '../../contract/i18n/fill.ts';

/*
 * A partner campaign's and feelsmug's words (docs/product/languages.md): formatted at build in the
 * page's language, the partner and its reward among them; refusals by their code.
 */
export const CAMPAIGN_KEYS = [
  'campaign.claimTitle',
  'campaign.signIn',
  'signInFirst.logIn',
  'signInFirst.join',
  'campaign.loading',
  'campaign.loadFailed',
  'campaign.claimFailed',
  'campaign.title',
  'campaign.yourCode',
  'campaign.codeLabel',
  'campaign.show',
  'campaign.claimFor',
  'campaign.claiming',
  'campaign.claim',
  'error.offers.noVouchers',
] as const;

export const FEELSMUG_KEYS = [
  'form.unavailable',
  'form.failed',
  'feelsmug.signInTitle',
  'feelsmug.signIn',
  'signInFirst.logIn',
  'signInFirst.join',
  'feelsmug.title',
  'feelsmug.done',
  'feelsmug.code',
  'feelsmug.hint',
  'feelsmug.get',
  'feelsmug.checking',
  'error.offers.unknownSmugCode',
  'error.offers.smugUsed',
  'error.offers.noActiveSim',
] as const;

export type CampaignWords = Words<(typeof CAMPAIGN_KEYS)[number]>;
export type FeelsmugWords = Words<(typeof FEELSMUG_KEYS)[number]>;
/** The pages a visitor is sent to, to log in or to join, in the page's language. */
export interface SignInLinks {
  logIn: string;
  join: string;
}

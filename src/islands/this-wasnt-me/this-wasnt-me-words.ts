import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';

/* The "this wasn't me" page's words (docs/product/languages.md): formatted at build in the page's language. */
export const WASNT_ME_KEYS = [
  'form.failed',
  'wasntMe.checking',
  'wasntMe.incomplete',
  'wasntMe.logIn',
  'wasntMe.blockedTitle',
  'wasntMe.toldTitle',
  'wasntMe.case',
  'wasntMe.wayBack',
  'wasntMe.askBack',
  'wasntMe.ifYou',
  'wasntMe.ifGone',
  'wasntMe.ifTaking',
  'wasntMe.telling',
  'wasntMe.blocking',
  'wasntMe.report',
  'wasntMe.block',
  'error.lineChanges.linkGone',
] as const;

export type WasntMeWords = Words<(typeof WASNT_ME_KEYS)[number]>;

/** The words of the page, for the store (set as it renders, before the link is read). */
export const $wasntMeWords = atom<WasntMeWords | undefined>(undefined);

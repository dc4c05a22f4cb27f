import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';
import type { Locale } from '../../contract/i18n/locales.ts';

/*
 * The sign-up island's words (docs/product/languages.md): formatted in the page's language at
 * build and handed to the island; the actions, loaded later, read them here.
 */
export const SIGN_UP_KEYS = [
  'form.email',
  'form.password',
  'form.passwordHint',
  'form.unavailable',
  'form.failed',
  'signup.title',
  'signup.firstname',
  'signup.lastname',
  'signup.nickname',
  'signup.terms',
  'signup.termsLink',
  'signup.privacyLink',
  'signup.termsRequired',
  'signup.submit',
  'signup.note',
  'signup.checking',
  'signup.creating',
  'signup.sent',
  'signup.leaving',
  'signup.verifyTitle',
  'signup.verifyLead',
  'signup.yourEmail',
  'signup.code',
  'signup.verify',
  'signup.resend',
  'signup.otherEmail',
  'signup.changeTitle',
  'signup.newEmail',
  'signup.sending',
  'signup.sendThere',
  'signup.codeDigits',
  'signup.emailExample',
  'signup.checkingCode',
  'signup.resent',
  'signup.yourAddress',
  'error.signUp.emailTaken',
  'error.signUp.verificationInvalid',
  'error.signUp.verifiedAlready',
  'error.signUp.captchaFailed',
] as const;

export type SignUpWords = Words<(typeof SIGN_UP_KEYS)[number]>;

/** What the sign-up island says, where its links lead and the language the new member joins in. */
export interface SignUpSpeech {
  locale: Locale;
  words: SignUpWords;
  /** The forms' rules in the page's language (problems.ts). */
  rules: ProblemWords;
  links: { logIn: string; terms: string; privacy: string; confirmed: string };
}

/** The words of the island on this page, for the actions (set as it renders, before any action). */
export const $signUpSpeech = atom<SignUpSpeech | undefined>(undefined);

import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';

/*
 * The log-in island's words (docs/product/languages.md): the page formats these keys in its
 * language at build (words.ts) and hands them to the island; the actions, loaded later, read them
 * here, so a refusal speaks the page's language too.
 */
export const LOG_IN_KEYS = [
  'form.email',
  'form.password',
  'form.unavailable',
  'form.failed',
  'login.title',
  'login.submit',
  'login.busy',
  'login.passkey',
  'login.forgot',
  'login.signUp',
  'login.gatewayError',
  'login.helpdeskUnavailable',
  'login.passkeyCancelled',
  'login.passkeyUnsupported',
  'error.auth.invalidLogin',
  'error.passkeys.signInRefused',
  'carousel.label',
  'carousel.position',
  'carousel.back',
  'carousel.next',
  'carousel.skip',
  'carousel.done',
  'carousel.role',
  'carousel.slide',
] as const;

export type LogInWords = Words<(typeof LOG_IN_KEYS)[number]>;

/** What the log-in island says and where its links lead, in the page's language. */
export interface LogInSpeech {
  words: LogInWords;
  /** The forms' rules in the page's language (problems.ts). */
  rules: ProblemWords;
  /** The pages its links lead to, in the page's language where they have one. */
  links: { forgot: string; signUp: string };
}

/** The words of the island on this page, for the actions (set as the island renders). */
export const $logInSpeech = atom<LogInSpeech | undefined>(undefined);

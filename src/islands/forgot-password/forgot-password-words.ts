import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';

/*
 * The forgot-password island's words (docs/product/languages.md): formatted at build in the page's
 * language; the actions, loaded later, read them here.
 */
export const FORGOT_PASSWORD_KEYS = [
  'form.email',
  'form.newPassword',
  'form.newPasswordAgain',
  'form.passwordHint',
  'form.problem.passwordsDiffer',
  'form.unavailable',
  'form.failed',
  'form.saving',
  'login.submit',
  'forgot.requestTitle',
  'forgot.send',
  'forgot.sending',
  'forgot.emailExample',
  'forgot.sent',
  'forgot.inbox',
  'forgot.newTitle',
  'forgot.set',
  'forgot.done',
  'error.passwordRecovery.resetInvalid',
] as const;

export interface ForgotPasswordSpeech {
  words: Words<(typeof FORGOT_PASSWORD_KEYS)[number]>;
  rules: ProblemWords;
  links: { logIn: string };
}

/** The words of the island on this page, for the actions (set as it renders, before any action). */
export const $forgotPasswordSpeech = atom<ForgotPasswordSpeech | undefined>(undefined);

import type { Words } from '../../contract/i18n/fill.ts';

/*
 * The student offer's words (docs/product/languages.md): formatted at build in the page's language,
 * the refusals by their code among them (a form finds its refusal there).
 */
export const STUDENT_OFFER_KEYS = [
  'form.unavailable',
  'form.failed',
  'student.loading',
  'student.loadFailed',
  'student.onNow',
  'student.ended',
  'student.claim',
  'student.signInFirst',
  'signInFirst.logIn',
  'signInFirst.join',
  'student.applied',
  'student.extra',
  'student.dashboard',
  'student.appliedAlready',
  'student.codeIntro',
  'student.email',
  'student.emailHint',
  'student.send',
  'student.sending',
  'student.enterCode',
  'student.sentTo',
  'student.code',
  'student.apply',
  'student.checking',
  'student.another',
  'error.offers.notStudentDomain',
  'error.offers.studentApplied',
  'error.offers.addressTaken',
  'error.offers.codeExpired',
  'error.offers.tooManyTries',
  'error.offers.noActiveSim',
] as const;

export type StudentOfferWords = Words<(typeof STUDENT_OFFER_KEYS)[number]>;

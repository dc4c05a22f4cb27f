import type { Words } from '../../contract/i18n/fill.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';

/* The SIM activation island's words (docs/product/languages.md): formatted at build in the page's language. */
export const ACTIVATE_SIM_KEYS = [
  'form.unavailable',
  'form.failed',
  'activate.title',
  'activate.ssn',
  'activate.ssnHint',
  'activate.submit',
  'activate.busy',
  'activate.noSim',
  'activate.orderFree',
  'activate.doneTitle',
  'activate.doneBody',
  'activate.buy',
  'activate.goMy48',
  'error.onboarding.simNotFound',
  'error.onboarding.simAlreadyActive',
  'error.onboarding.alreadyHasSim',
] as const;

export interface ActivateSimSpeech {
  words: Words<(typeof ACTIVATE_SIM_KEYS)[number]>;
  rules: ProblemWords;
  links: { orderFree: string };
}

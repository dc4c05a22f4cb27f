import { lazyAction } from '../../stores/lazy-action.ts';
import { $signUp } from './sign-up-state.ts';
import { $signUpSpeech } from './sign-up-words.ts';
export { $signUp, ordersFreeSim, rememberJourney, type SignUpState } from './sign-up-state.ts';

/*
 * The sign-up island's state; its actions (the form's rule, the captcha, the HTTP client, the
 * session cookies) load when first used (sign-up-actions.ts), so the page ships none of them
 * before the visitor sends the form.
 */

// The actions load when first used (sign-up-actions.ts); the form says so if they cannot.
const actions = () => import('./sign-up-actions.ts');
const unavailable = (english: string) =>
  $signUp.set({ ...$signUp.get(), busy: false, error: $signUpSpeech.get()?.words['form.unavailable'] ?? english });

export const createAccount = lazyAction<[values: Record<string, string>, acceptedTerms: boolean], void>(
  () => actions().then((a) => a.createAccount),
  unavailable,
);
export const verify = lazyAction<[secret: string, options: { byCode: boolean }], void>(
  () => actions().then((a) => a.verify),
  unavailable,
);
export const resend = lazyAction<[newEmail?: string], void>(() => actions().then((a) => a.resend), unavailable);
const loadVerification = lazyAction<[], void>(() => actions().then((a) => a.startVerification), unavailable);
/** A member still verifying: the code form at once (before paint), the address when the actions have it. */
export function startVerification(): Promise<void | undefined> {
  $signUp.set({ ...$signUp.get(), step: 'verify' });
  return loadVerification();
}

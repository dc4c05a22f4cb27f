import { UNAVAILABLE } from '../../stores/lazy-action.ts';
import { $logIn } from './log-in-state.ts';
import { $logInSpeech } from './log-in-words.ts';
// Types only (erased): the actions themselves load on the first submit.
import type * as Actions from './log-in-actions.ts';
export { $logIn, type LogInState, type Slide } from './log-in-state.ts';

/*
 * The log-in island's state, and its actions loaded on the first submit (log-in-actions.ts: the
 * form's rule, the HTTP client, the session cookies' cryptography): the page ships none of them
 * before the member presses Log in.
 */

/**
 * The member has started on the form (a field has the focus): the log-in's code starts loading, so
 * the click does not wait for it. A visitor who only reads the page loads none of it.
 */
export function prepareLogIn(): void {
  void import('./log-in-actions.ts').catch(() => undefined); // the submit tries again and says so
}

/** Busy at once, while the actions arrive (a moment, the first time); then `run` with them. */
async function withActions(run: (actions: typeof Actions) => Promise<void>): Promise<void> {
  $logIn.set({ ...$logIn.get(), step: 'submitting', error: undefined });
  let actions;
  try {
    actions = await import('./log-in-actions.ts');
  } catch {
    return $logIn.set({
      ...$logIn.get(),
      step: 'form',
      error: $logInSpeech.get()?.words['form.unavailable'] ?? UNAVAILABLE,
    });
  }
  await run(actions);
}

/** Log in with the e-mail address and password. */
export const submitLogIn = (values: Record<string, string>) => withActions((a) => a.submitLogIn(values));
/** The end of a first log-in (log-in-actions.ts). */
export const finishFirstLogin = async (): Promise<void> => (await import('./log-in-actions.ts')).finishFirstLogin();
/** Help-desk single sign-on (log-in-actions.ts). */
export const goToHelpdesk = async (): Promise<void> => (await import('./log-in-actions.ts')).goToHelpdesk();

/** Sign in with a passkey, from the button (log-in-actions.ts). */
export const signInWithPasskey = () => withActions((a) => a.signInWithPasskey());

let suggesting = false;
/**
 * The browser's own passkey suggestions in the e-mail field (docs/product/phone.md: autocomplete "username
 * webauthn"): asked for once the member is on the field, so a visitor who only reads asks for nothing.
 */
export function offerPasskeys(): void {
  if (suggesting) return;
  suggesting = true;
  void import('./log-in-actions.ts').then(
    (actions) => actions.signInWithPasskey({ autofill: true }),
    () => undefined,
  );
}

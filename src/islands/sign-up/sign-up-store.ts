import { map } from 'nanostores';
import type * as SignUpActions from './sign-up-actions.ts';

/*
 * The sign-up island's state; its actions (the form's rule, the captcha, the HTTP client, the
 * session cookies) load when first used (sign-up-actions.ts), so the page ships none of them
 * before the visitor sends the form (issue 27).
 */

export interface SignUpState {
  step: 'create' | 'verify' | 'leaving';
  busy: boolean;
  /** What the member is waiting for while busy ("Checking you're a person…"). */
  busyLabel: string;
  error?: string | undefined;
  notice?: string | undefined;
  fields: Record<string, string>;
  email?: string | undefined;
}

export const $signUp = map<SignUpState>({ step: 'create', busy: false, busyLabel: '', fields: {} });

const FROM_STORE_KEY = 'signupFromStore';

/** `/sign-up?fromStore=false` is the free-SIM journey: remembered for the tab, through log-in and verification. */
export function rememberJourney(search: string): void {
  const fromStore = new URLSearchParams(search).get('fromStore');
  try {
    if (fromStore === 'false') sessionStorage.setItem(FROM_STORE_KEY, 'false');
    else if (fromStore === 'true') sessionStorage.removeItem(FROM_STORE_KEY);
  } catch {
    /* storage off: the journey falls back to activation */
  }
}

export function ordersFreeSim(): boolean {
  try {
    return sessionStorage.getItem(FROM_STORE_KEY) === 'false';
  } catch {
    return false;
  }
}


type Actions = typeof SignUpActions;
const actions = (): Promise<Actions> => import('./sign-up-actions.ts');
const UNAVAILABLE = 'The page could not load what it needs. Check your connection and try again.';

/** Runs an action once its module is there (a clear message if it cannot load). */
async function withActions(run: (a: Actions) => Promise<void>): Promise<void> {
  let a: Actions;
  try {
    a = await actions();
  } catch {
    return $signUp.set({ ...$signUp.get(), busy: false, error: UNAVAILABLE });
  }
  await run(a);
}

export const createAccount: Actions['createAccount'] = (values, acceptedTerms) => withActions((a) => a.createAccount(values, acceptedTerms));
export const verify: Actions['verify'] = (secret, options) => withActions((a) => a.verify(secret, options));
export const resend: Actions['resend'] = (newEmail) => withActions((a) => a.resend(newEmail));
/** A member still verifying: the code form at once (before paint), the address when the actions have it. */
export const startVerification: Actions['startVerification'] = () => {
  $signUp.set({ ...$signUp.get(), step: 'verify' });
  return withActions((a) => a.startVerification());
};

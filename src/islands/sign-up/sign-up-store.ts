import { map } from 'nanostores';
import { lazyAction } from '../../stores/lazy-action.ts';

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

// The actions load when first used (sign-up-actions.ts); the form says so if they cannot.
const actions = () => import('./sign-up-actions.ts');
const unavailable = (error: string) => $signUp.set({ ...$signUp.get(), busy: false, error });

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

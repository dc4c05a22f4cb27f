import { map } from 'nanostores';

/* The sign-up island's state and journey. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

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

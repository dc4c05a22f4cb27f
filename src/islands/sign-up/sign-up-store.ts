import { map } from 'nanostores';
import type { Account } from '../../contract/account.ts';
import { emailRule, SignUpForm } from '../../contract/forms.ts';
import { humanProblems } from '../../components/forms/messages.ts';
import { captchaAnswer } from '../../lib/captcha.ts';
import { errorMessage, http } from '../../lib/http.ts';
import { currentUserId, markVerified, storeSession } from '../../lib/member-session.ts';
import { withKeptParams } from '../../lib/redirect-params.ts';
import { getSessionCookie, setSessionCookie } from '../../lib/session-cookies.ts';
import { setLoading } from '../../stores/layout.ts';

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
const labels = { firstname: 'First name', lastname: 'Last name', email: 'E-mail address', password: 'Password', nickname: 'Nickname' };

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

function patch(p: Partial<SignUpState>) {
  $signUp.set({ ...$signUp.get(), ...p });
}

async function busyWith(label: string, work: () => Promise<void>) {
  patch({ busy: true, busyLabel: label, error: undefined, notice: undefined, fields: {} });
  setLoading(true);
  try {
    await work();
  } catch (error) {
    patch({ error: errorMessage(error) });
  } finally {
    setLoading(false);
    patch({ busy: false });
  }
}

export async function startVerification(): Promise<void> {
  patch({ step: 'verify', email: getSessionCookie('userEmail') });
  try {
    const { _payload } = await http<{ _payload: { email: string; is_verified: boolean } }>(`/panda/protected/users/${currentUserId()}/update-email`);
    if (_payload.is_verified) return done();
    setSessionCookie('userEmail', _payload.email);
    patch({ email: _payload.email });
  } catch {
    /* the address from the cookie is shown; a 401 has already sent the member to log in */
  }
}

export async function createAccount(values: Record<string, string>, acceptedTerms: boolean): Promise<void> {
  const parsed = SignUpForm.omit({ captcha: true }).safeParse(values);
  const fields = parsed.success ? {} : humanProblems(parsed.error, labels);
  if (!acceptedTerms) fields['terms'] = 'Please accept the terms and conditions to join.';
  if (!parsed.success || !acceptedTerms) return patch({ fields, error: undefined });
  await busyWith("Checking you're a person…", async () => {
    const captcha = await captchaAnswer('sign_up');
    patch({ busyLabel: 'Creating your account…' });
    const response = await http.raw<{ _payload: { account: Account } }>('/panda/public/users', { method: 'POST', body: { ...parsed.data, captcha } });
    storeSession(response.headers, response._data!._payload.account, parsed.data.email);
    patch({ step: 'verify', email: parsed.data.email, notice: 'We have sent you an e-mail with a 6-digit code and a link.' });
  });
}

function done() {
  markVerified();
  patch({ step: 'leaving' });
  location.assign(withKeptParams(ordersFreeSim() ? '/sign-up-confirmed?fromStore=false' : '/sign-up-confirmed', location.search));
}

export async function verify(secret: string, { byCode }: { byCode: boolean }): Promise<void> {
  const value = secret.replace(/\s/g, '');
  if (byCode && !/^\d{6}$/.test(value)) return patch({ fields: { code: 'The code has 6 digits.' }, error: undefined });
  await busyWith('Checking…', async () => {
    await http(`/panda/protected/users/${currentUserId()}/email/verify/${encodeURIComponent(value)}`, { method: 'POST', ...(byCode ? { query: { force: 'true' } } : {}) });
    done();
  });
}

export async function resend(newEmail?: string): Promise<void> {
  let body: URLSearchParams | undefined;
  if (newEmail !== undefined) {
    const parsed = emailRule().safeParse(newEmail);
    if (!parsed.success) return patch({ fields: { newEmail: 'Enter an e-mail address like name@example.com.' } });
    body = new URLSearchParams({ email: parsed.data });
  }
  await busyWith('Sending…', async () => {
    await http(`/panda/protected/users/${currentUserId()}/generate-token`, { method: 'POST', ...(body ? { body } : {}) });
    if (body) {
      setSessionCookie('userEmail', body.get('email')!);
      patch({ email: body.get('email')! });
    }
    patch({ notice: `We have sent a new code and link to ${$signUp.get().email ?? 'your address'}.` });
  });
}

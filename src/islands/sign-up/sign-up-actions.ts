import { $signUp, ordersFreeSim, type SignUpState } from './sign-up-state.ts';
import { emailRule, SignUpForm } from '../../contract/forms.schema.ts';
import { humanProblems } from '../../lib/form-values.ts';
import { captchaAnswer } from '../../lib/captcha.ts';
import { signUpApi } from '../../contract/sign-up.schema.ts';
import { call, callWithHeaders, errorMessage } from '../../lib/http.ts';
import { markVerified, memberParams, storeSession } from '../../lib/member-session.ts';
import { withKeptParams } from '../../lib/redirect-params.ts';
import { readStorage } from '../../lib/storage.ts';
import { getSessionCookie, setSessionCookie } from '../../lib/session-cookies.ts';
import { setLoading } from '../../stores/layout.ts';

const labels = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'E-mail address',
  password: 'Password',
  nickname: 'Nickname',
};

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
    const { _payload } = await call(signUpApi.emailState, { params: memberParams() });
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
    // Arrived by a friend's recruit link (/friend): the server records who recruited the new member.
    const affiliateId = readStorage('refferedUser') ?? undefined;
    const { answer, headers } = await callWithHeaders(signUpApi.signUp, {
      body: { ...parsed.data, ...(affiliateId ? { affiliateId } : {}), captcha },
    });
    storeSession(headers, answer._payload.account, parsed.data.email);
    patch({
      step: 'verify',
      email: parsed.data.email,
      notice: 'We have sent you an e-mail with a 6-digit code and a link.',
    });
  });
}

function done() {
  markVerified();
  patch({ step: 'leaving' });
  location.assign(
    withKeptParams(ordersFreeSim() ? '/sign-up-confirmed?fromStore=false' : '/sign-up-confirmed', location.search),
  );
}

export async function verify(secret: string, { byCode }: { byCode: boolean }): Promise<void> {
  const value = secret.replace(/\s/g, '');
  if (byCode && !/^\d{6}$/.test(value)) return patch({ fields: { code: 'The code has 6 digits.' }, error: undefined });
  await busyWith('Checking…', async () => {
    await call(signUpApi.verifyEmail, {
      params: { ...memberParams(), token: value },
      ...(byCode ? { query: { force: 'true' } } : {}),
    });
    done();
  });
}

export async function resend(newEmail?: string): Promise<void> {
  let email: string | undefined;
  if (newEmail !== undefined) {
    const parsed = emailRule().safeParse(newEmail);
    if (!parsed.success) return patch({ fields: { newEmail: 'Enter an e-mail address like name@example.com.' } });
    email = parsed.data;
  }
  await busyWith('Sending…', async () => {
    await call(signUpApi.sendVerification, { params: memberParams(), ...(email ? { body: { email } } : {}) });
    if (email) {
      setSessionCookie('userEmail', email);
      patch({ email });
    }
    patch({ notice: `We have sent a new code and link to ${$signUp.get().email ?? 'your address'}.` });
  });
}

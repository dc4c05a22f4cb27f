import { $signUp, ordersFreeSim, type SignUpState } from './sign-up-state.ts';
import { emailRule, SignUpForm } from '../../contract/forms.schema.ts';
import { humanProblems } from '../../lib/form-values.ts';
import { captchaAnswer } from '../../lib/captcha.ts';
import { signUpApi } from '../../contract/sign-up.schema.ts';
import { call, callWithHeaders, refusalIn } from '../../lib/http.ts';
import { markVerified, memberParams, storeSession } from '../../lib/member-session.ts';
import { withKeptParams } from '../../lib/redirect-params.ts';
import { readStorage } from '../../lib/storage.ts';
import { getSessionCookie, setSessionCookie } from '../../lib/session-cookies.ts';
import { setLoading } from '../../stores/layout.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { $signUpSpeech, type SignUpSpeech } from './sign-up-words.ts';

/** The island's words on this page (set as it renders, before any action can run). */
const speech = (): SignUpSpeech => $signUpSpeech.get()!;
const say = (key: keyof SignUpSpeech['words']) => speech().words[key];

function patch(p: Partial<SignUpState>) {
  $signUp.set({ ...$signUp.get(), ...p });
}

async function busyWith(label: string, work: () => Promise<void>) {
  patch({ busy: true, busyLabel: label, error: undefined, notice: undefined, fields: {} });
  setLoading(true);
  try {
    await work();
  } catch (error) {
    patch({ error: refusalIn(speech().words, error) });
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
  const labels = {
    firstname: say('signup.firstname'),
    lastname: say('signup.lastname'),
    email: say('form.email'),
    password: say('form.password'),
    nickname: say('signup.nickname'),
  };
  const fields = parsed.success ? {} : humanProblems(parsed.error, labels, speech().rules);
  if (!acceptedTerms) fields['terms'] = say('signup.termsRequired');
  if (!parsed.success || !acceptedTerms) return patch({ fields, error: undefined });
  await busyWith(say('signup.checking'), async () => {
    const captcha = await captchaAnswer('sign_up');
    patch({ busyLabel: say('signup.creating') });
    // Arrived by a friend's recruit link (/friend): the server records who recruited the new member.
    const affiliateId = readStorage('refferedUser') ?? undefined;
    const { answer, headers } = await callWithHeaders(signUpApi.signUp, {
      // The language of the page joined on is the new member's (its mails; Settings changes it).
      body: { ...parsed.data, ...(affiliateId ? { affiliateId } : {}), captcha, language: speech().locale },
    });
    storeSession(headers, answer._payload.account, parsed.data.email);
    patch({
      step: 'verify',
      email: parsed.data.email,
      notice: say('signup.sent'),
    });
  });
}

function done() {
  markVerified();
  patch({ step: 'leaving' });
  const confirmed = speech().links.confirmed;
  location.assign(withKeptParams(ordersFreeSim() ? `${confirmed}?fromStore=false` : confirmed, location.search));
}

export async function verify(secret: string, { byCode }: { byCode: boolean }): Promise<void> {
  const value = secret.replace(/\s/g, '');
  if (byCode && !/^\d{6}$/.test(value)) return patch({ fields: { code: say('signup.codeDigits') }, error: undefined });
  await busyWith(say('signup.checkingCode'), async () => {
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
    if (!parsed.success) return patch({ fields: { newEmail: say('signup.emailExample') } });
    email = parsed.data;
  }
  await busyWith(say('signup.sending'), async () => {
    await call(signUpApi.sendVerification, { params: memberParams(), ...(email ? { body: { email } } : {}) });
    if (email) {
      setSessionCookie('userEmail', email);
      patch({ email });
    }
    patch({ notice: fill(say('signup.resent'), { email: $signUp.get().email ?? say('signup.yourAddress') }) });
  });
}

import { $logIn, type Slide } from './log-in-state.ts';
import { FetchError } from 'ofetch';
import type { Account } from '../../contract/auth.schema.ts';
import { checkLogIn } from '../../contract/auth.ts';
import { authRoutes } from '../../contract/auth.calls.ts';
import { sessionRoutes } from '../../contract/session.calls.ts';
import { GATEWAY_STATUSES } from '../../contract/messages.ts';
import { call, callWithHeaders, http, refusalIn } from '../../lib/http.ts';
import { forgetLastUrl, lastUrl } from '../../lib/last-url.ts';
import { memberParams, rememberHelpdeskUser, storeSession, type SignedIn } from '../../lib/member-session.ts';
import { passkeySignInRoutes } from '../../contract/passkeys.calls.ts';
import { withKeptParams } from '../../lib/redirect-params.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';
import { setLoading } from '../../stores/layout.ts';
import { withLabels } from '../../lib/form-values-light.ts';
import { firstLoginDestination, nextStep } from './after-log-in.ts';
import { $logInSpeech, type LogInSpeech } from './log-in-words.ts';
import Cookies from 'js-cookie';
import { LANG_COOKIE, localeOfPath, localeOfTags } from '../../contract/i18n/locales.ts';

let account: Account | undefined;

/** The island's words on this page (set as it renders, before any action can run). */
const speech = (): LogInSpeech => $logInSpeech.get()!;
const say = (key: keyof LogInSpeech['words']) => speech().words[key];

const go = (to: string) => {
  $logIn.setKey('step', 'leaving');
  location.assign(withKeptParams(to, location.search));
};

function fail(error: string) {
  setLoading(false);
  $logIn.set({ ...$logIn.get(), step: 'form', error });
}

/** Help-desk single sign-on: the server signs the token and says where to take it. */
export async function goToHelpdesk(): Promise<void> {
  try {
    const { _payload } = await call(sessionRoutes.helpdeskSso, { params: memberParams() });
    if (!_payload.url) return fail(say('login.helpdeskUnavailable'));
    rememberHelpdeskUser();
    forgetLastUrl();
    $logIn.setKey('step', 'leaving');
    location.assign(_payload.url);
  } catch (error) {
    // An unverified address is refused with its own words (verify first); anything else: unavailable.
    fail(
      error instanceof FetchError && error.status === 403
        ? refusalIn(speech().words, error, say('login.helpdeskUnavailable'))
        : say('login.helpdeskUnavailable'),
    );
  }
}

async function loadSlides(): Promise<Slide[]> {
  try {
    const body = await http<[{ field_login_carousels_export?: Slide[] }]>('/api/cms/login/login-carousel');
    return body[0]?.field_login_carousels_export ?? [];
  } catch {
    return []; // no carousel content: straight home (spec section 2)
  }
}

export async function submitLogIn(values: Record<string, string>): Promise<void> {
  const parsed = checkLogIn(values);
  if (!parsed.ok) {
    $logIn.set({
      ...$logIn.get(),
      step: 'form',
      error: undefined,
      fields: withLabels(
        parsed.problems,
        { username: say('form.email'), password: say('form.password') },
        speech().rules,
      ),
    });
    return;
  }
  $logIn.set({ ...$logIn.get(), step: 'submitting', error: undefined, fields: {} });
  setLoading(true);
  let signedIn;
  try {
    const { answer, headers } = await callWithHeaders(authRoutes.logIn, { body: parsed.body });
    signedIn = storeSession(headers, answer._payload.account, parsed.body.username);
  } catch (error) {
    const status = error instanceof FetchError ? error.status : undefined;
    // Spec section 8: these statuses (or no answer at all) are the gateway's fault; anything else is a bad log-in.
    const gateway = status === undefined || (GATEWAY_STATUSES as readonly number[]).includes(status);
    return fail(gateway ? say('login.gatewayError') : say('error.auth.invalidLogin'));
  }
  await afterSignIn(signedIn);
}

/**
 * Spec section 4 "Login success", the same for a password and a passkey (docs/product/phone.md): the help desk,
 * sign-up to verify, the saved recruiter link, the last URL, or the first-login carousel.
 */
async function afterSignIn(signedIn: SignedIn): Promise<void> {
  account = signedIn.account;
  const step = nextStep({
    account,
    verified: signedIn.verified,
    recruiterUrl: readStorage('recruiterURL'),
    lastUrl: lastUrl(),
    locale: localeOfPath(location.pathname),
    // The log-in answer kept the member's language as this device's choice (docs/product/languages.md).
    memberLocale: localeOfTags([Cookies.get(LANG_COOKIE) ?? '']),
  });
  if (step.kind === 'helpdesk') return goToHelpdesk();
  if (step.kind === 'go') {
    if (readStorage('recruiterURL') === step.to) localStorage.removeItem('recruiterURL');
    forgetLastUrl();
    return go(step.to);
  }
  const slides = await loadSlides();
  if (slides.length === 0) return finishFirstLogin();
  setLoading(false);
  writeStorage('marketingCarouselFlag', 'true');
  $logIn.set({ ...$logIn.get(), step: 'carousel', slides });
}

/** Whether this browser can sign in with a passkey at all. */
const webAuthn = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/**
 * Signs in with a passkey (docs/product/phone.md): the server's request options, the browser's own prompt (or,
 * with `autofill`, the passkeys it offers in the e-mail field's suggestions), the answer checked
 * by the server, which opens the session a password log-in opens; then the same next steps.
 */
export async function signInWithPasskey({ autofill = false } = {}): Promise<void> {
  if (!webAuthn()) {
    if (!autofill) fail(say('login.passkeyUnsupported'));
    return;
  }
  const { browserSupportsWebAuthnAutofill, startAuthentication } = await import('@simplewebauthn/browser');
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return;
  if (!autofill) $logIn.set({ ...$logIn.get(), step: 'submitting', error: undefined, fields: {} });
  let credential;
  try {
    const { _payload } = await call(passkeySignInRoutes.signInOptions, {});
    credential = await startAuthentication({ optionsJSON: _payload.options as never, useBrowserAutofill: autofill });
  } catch (error) {
    // A suggestion list that was replaced (the button pressed, the page left) ends quietly.
    if (autofill) return;
    if (error instanceof FetchError) return fail(say('login.gatewayError'));
    return fail(say('login.passkeyCancelled'));
  }
  $logIn.set({ ...$logIn.get(), step: 'submitting', error: undefined, fields: {} });
  setLoading(true);
  let signedIn;
  try {
    const { answer, headers } = await callWithHeaders(passkeySignInRoutes.signIn, {
      body: { credential: credential as never },
    });
    signedIn = storeSession(headers, answer._payload.account, answer._payload.email);
  } catch (error) {
    const status = error instanceof FetchError ? error.status : undefined;
    if (status === undefined || (GATEWAY_STATUSES as readonly number[]).includes(status))
      return fail(say('login.gatewayError'));
    return fail(refusalIn(speech().words, error, say('error.passkeys.signInRefused')));
  }
  await afterSignIn(signedIn);
}

/** The end of a first log-in: first_login false on the server, then permissions or home. */
export async function finishFirstLogin(): Promise<void> {
  if (!account) return;
  setLoading(true);
  try {
    await call(authRoutes.firstLoginDone, { params: { user_id: account.user_id }, query: { first_login: 'false' } });
  } catch {
    // Not fatal: the carousel shows once more next time.
  }
  forgetLastUrl();
  // In the member's language (the log-in kept it as this device's choice), else the page's.
  go(firstLoginDestination(account, localeOfTags([Cookies.get(LANG_COOKIE) ?? '']) ?? localeOfPath(location.pathname)));
}

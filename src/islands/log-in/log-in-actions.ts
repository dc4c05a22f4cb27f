import { $logIn, type Slide } from './log-in-state.ts';
import { FetchError } from 'ofetch';
import { authApi, logInMessages, type Account } from '../../contract/auth.ts';
import { helpdeskApi } from '../../contract/helpdesk.ts';
import { LoginForm } from '../../contract/forms.ts';
import { GATEWAY_STATUSES } from '../../contract/messages.ts';
import { call, callWithHeaders, http } from '../../lib/http.ts';
import { forgetLastUrl, lastUrl } from '../../lib/last-url.ts';
import { memberParams, rememberHelpdeskUser, storeSession } from '../../lib/member-session.ts';
import { withKeptParams } from '../../lib/redirect-params.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';
import { setLoading } from '../../stores/layout.ts';
import { humanProblems } from '../../lib/form-values.ts';
import { firstLoginDestination, nextStep } from './after-log-in.ts';

let account: Account | undefined;

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
    const { _payload } = await call(helpdeskApi.sso, { params: memberParams() });
    if (!_payload.url) return fail(logInMessages.helpdeskUnavailable);
    rememberHelpdeskUser();
    forgetLastUrl();
    $logIn.setKey('step', 'leaving');
    location.assign(_payload.url);
  } catch {
    fail(logInMessages.helpdeskUnavailable);
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
  const parsed = LoginForm.safeParse(values);
  if (!parsed.success) {
    $logIn.set({
      ...$logIn.get(),
      step: 'form',
      error: undefined,
      fields: humanProblems(parsed.error, { username: 'E-mail address', password: 'Password' }),
    });
    return;
  }
  $logIn.set({ ...$logIn.get(), step: 'submitting', error: undefined, fields: {} });
  setLoading(true);
  let signedIn;
  try {
    const { answer, headers } = await callWithHeaders(authApi.logIn, { body: parsed.data });
    signedIn = storeSession(headers, answer._payload.account, parsed.data.username);
  } catch (error) {
    const status = error instanceof FetchError ? error.status : undefined;
    // Spec section 8: these statuses (or no answer at all) are the gateway's fault; anything else is a bad log-in.
    const gateway = status === undefined || (GATEWAY_STATUSES as readonly number[]).includes(status);
    return fail(gateway ? logInMessages.gatewayError : logInMessages.invalidLogin);
  }
  account = signedIn.account;
  const step = nextStep({
    account,
    verified: signedIn.verified,
    recruiterUrl: readStorage('recruiterURL'),
    lastUrl: lastUrl(),
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

/** The end of a first log-in: first_login false on the server, then permissions or home. */
export async function finishFirstLogin(): Promise<void> {
  if (!account) return;
  setLoading(true);
  try {
    await call(authApi.firstLoginDone, { params: { user_id: account.user_id }, query: { first_login: 'false' } });
  } catch {
    // Not fatal: the carousel shows once more next time.
  }
  forgetLastUrl();
  go(firstLoginDestination(account));
}

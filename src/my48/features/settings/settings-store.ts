import { pathIn } from '../../../contract/i18n/locales.ts';
import { locale, say } from '../../speech.ts';
import { localUrl } from '../../../contract/i18n/routes.ts';
import { isStepUpCode, stepUpProblem, stepUpCodeOf } from '../../stores/step-up.ts';
import { map } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import { NameForm, passwordRule } from '../../../contract/forms.schema.ts';
import { LanguageSchema, settingsApi } from '../../../contract/settings.schema.ts';
import { paymentsApi, type StoredCard } from '../../../contract/payments.schema.ts';
import { call, errorMessage, newIdempotencyKey } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { SETTINGS_FRAGMENTS, type SettingsFragment } from './fragments.ts';
import { loader } from '../../../stores/loader.ts';

const LAST_FRAGMENT = 'my48SettingsFragment';
const isFragment = (value: string | null | undefined): value is SettingsFragment =>
  Boolean(value) && (SETTINGS_FRAGMENTS as readonly string[]).includes(value!);

/** Spec section 2: returning to settings with a fragment restores it; without one, the last one opened. */
export function settingsFragment(param: string | undefined): SettingsFragment {
  if (isFragment(param)) return param;
  try {
    const last = sessionStorage.getItem(LAST_FRAGMENT);
    if (isFragment(last)) return last;
  } catch {
    /* storage off */
  }
  return 'my-details';
}

export function rememberFragment(fragment: SettingsFragment): void {
  try {
    sessionStorage.setItem(LAST_FRAGMENT, fragment);
  } catch {
    /* storage off */
  }
}

/** My details: the name (editable), the e-mail address and the language of our messages. */
export const details = loader(
  async () => {
    const { _payload } = await call(settingsApi.details, { params: memberParams() });
    return {
      firstname: _payload.account.firstname,
      lastname: _payload.account.lastname,
      email: _payload.email,
      language: _payload.language,
    };
  },
  () => say('my48.details.loadFailed'),
);

/** The language the portal's messages speak to the member in (docs/product/languages.md). */
export const languageForm = formStore({
  schema: LanguageSchema,
  labels: { language: 'Language' },
  busyLabel: 'Saving…',
  send: async (body) => {
    const { language } = (await call(settingsApi.saveLanguage, { params: memberParams(), body }))._payload;
    const shown = details.$state.get().data;
    if (shown) details.$state.setKey('data', { ...shown, language });
    // my48 speaks it from now on: the same screen opens in it (the server kept it as this device's choice).
    if (language !== locale()) location.assign(pathIn(language, location.pathname) + location.search + location.hash);
    return say('my48.details.languageSaved');
  },
});

export const nameForm = formStore({
  schema: NameForm,
  labels: { firstname: 'First name', lastname: 'Last name' },
  busyLabel: 'Saving…',
  send: async (body) => {
    const { account } = (await call(settingsApi.changeName, { params: memberParams(), body }))._payload;
    const shown = details.$state.get().data;
    if (shown) details.$state.setKey('data', { ...shown, firstname: account.firstname, lastname: account.lastname });
    return say('my48.details.nameSaved');
  },
});

/** The form's own rule: the server's (current and new password) plus the new one typed twice. */
const ChangePasswordForm = z
  .object({
    current_password: z.string().min(1, { error: 'current_password is required' }),
    new_password: passwordRule('new_password'),
    confirm: z.string(),
  })
  .refine((v) => v.new_password === v.confirm, { error: () => say('my48.password.differ'), path: ['confirm'] });

export const passwordForm = formStore({
  schema: ChangePasswordForm,
  labels: { current_password: 'Current password', new_password: 'New password' },
  busyLabel: 'Saving…',
  send: async ({ current_password, new_password }) => {
    await call(settingsApi.changePassword, { params: memberParams(), body: { current_password, new_password } });
    return say('my48.password.changed');
  },
});

/** Payment details: the stored card (brand, last four, expiry; null when none), removed or registered here. */
export const storedCard = loader<StoredCard | null>(
  async () => (await call(paymentsApi.storedCard, { params: memberParams() }))._payload.card,
  () => say('my48.card.loadFailed'),
);
export const loadCard = () => storedCard.load();

/** Removing or replacing the card: what is being done, its refusal, the done notice, the code's problem. */
export const $card = map<{
  busy?: string | undefined;
  error?: string | undefined;
  notice?: string | undefined;
  codeError?: string | undefined;
}>({});

/** The security code typed beside the card (docs/product/member-controls.md: removing or replacing a card needs one). */
const codeOrProblem = (code: string | undefined) => (isStepUpCode(code) ? undefined : stepUpProblem());

export async function removeCard(code?: string): Promise<void> {
  const problem = codeOrProblem(code);
  if (problem) return void $card.set({ ...$card.get(), codeError: problem });
  $card.set({ ...$card.get(), busy: say('my48.card.removing'), error: undefined, codeError: undefined });
  try {
    await call(paymentsApi.removeCard, {
      params: memberParams(),
      idempotencyKey: newIdempotencyKey(),
      stepUpCode: stepUpCodeOf(code),
    });
    storedCard.$state.set({ status: 'ready', data: null });
    $card.set({ notice: say('my48.card.removed') });
  } catch (error) {
    $card.set({ ...$card.get(), busy: undefined, error: errorMessage(error) });
  }
}

/** Register a card: the payment page authorises €1 and releases it at once (PANDAOLRGCRD2). */
export async function registerCard(code?: string): Promise<void> {
  // Replacing a stored card needs the code; saving a first one does not.
  const replacing = Boolean(storedCard.$state.get().data);
  const problem = replacing ? codeOrProblem(code) : undefined;
  if (problem) return void $card.set({ ...$card.get(), codeError: problem });
  $card.set({ ...$card.get(), busy: say('my48.card.opening'), error: undefined, codeError: undefined });
  try {
    const { _payload } = await call(paymentsApi.registerCard, {
      params: memberParams(),
      idempotencyKey: newIdempotencyKey(),
      ...(replacing ? { stepUpCode: stepUpCodeOf(code) } : {}),
    });
    location.assign(localUrl(locale(), _payload.url));
  } catch (error) {
    $card.set({ ...$card.get(), busy: undefined, error: errorMessage(error) });
  }
}

import { map } from 'nanostores';
import { z } from 'zod';
import { NameForm, passwordRule } from '../../../contract/forms.ts';
import { settingsApi } from '../../../contract/settings.ts';
import { call, errorMessage } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { SETTINGS_FRAGMENTS, type SettingsFragment } from './fragments.ts';

const LAST_FRAGMENT = 'my48SettingsFragment';
const isFragment = (value: string | null | undefined): value is SettingsFragment => Boolean(value) && (SETTINGS_FRAGMENTS as readonly string[]).includes(value!);

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

/** My details: the name (editable) and the e-mail address. */
export const $details = map<{ firstname?: string; lastname?: string; email?: string; error?: string | undefined }>({});

export async function loadDetails(): Promise<void> {
  try {
    const { _payload } = await call(settingsApi.details, { params: memberParams() });
    $details.set({ firstname: _payload.account.firstname, lastname: _payload.account.lastname, email: _payload.email });
  } catch (error) {
    $details.set({ error: errorMessage(error) });
  }
}

export const nameForm = formStore({
  schema: NameForm,
  labels: { firstname: 'First name', lastname: 'Last name' },
  busyLabel: 'Saving…',
  send: async (body) => {
    const { account } = (await call(settingsApi.changeName, { params: memberParams(), body }))._payload;
    $details.set({ ...$details.get(), firstname: account.firstname, lastname: account.lastname });
    return 'Your name is saved.';
  },
});

/** The form's own rule: the server's (current and new password) plus the new one typed twice. */
const ChangePasswordForm = z
  .object({
    current_password: z.string().min(1, { error: 'current_password is required' }),
    new_password: passwordRule('new_password'),
    confirm: z.string(),
  })
  .refine((v) => v.new_password === v.confirm, { error: 'The two new passwords are not the same.', path: ['confirm'] });

export const passwordForm = formStore({
  schema: ChangePasswordForm,
  labels: { current_password: 'Current password', new_password: 'New password' },
  busyLabel: 'Saving…',
  send: async ({ current_password, new_password }) =>
    (await call(settingsApi.changePassword, { params: memberParams(), body: { current_password, new_password } }))._payload.message,
});

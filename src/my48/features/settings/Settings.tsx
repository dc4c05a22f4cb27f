import { useStore } from '@nanostores/react';
import { getPagePath } from '@nanostores/router';
import { useEffect, useState, type SubmitEvent } from 'react';
import { NameForm, PasswordRule } from '../../../contract/forms.ts';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { MarketingPermissionsForm } from '../../../components/forms/MarketingPermissionsForm.tsx';
import { formValues, humanProblems } from '../../../components/forms/messages.ts';
import { errorMessage, http } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $router, SETTINGS_FRAGMENTS, type SettingsFragment } from '../../router.ts';
import { ChangeMySim, MoveYourNumber, ReorderSim } from './SimSettings.tsx';

const titles: Record<SettingsFragment, string> = {
  'my-details': 'My details',
  'payment-details': 'Payment details',
  permissions: 'Marketing permissions',
  'change-password': 'Change password',
  'reorder-sim': 'Replacement SIM',
  'move-your-number': 'Move your number',
  'change-my-sim': 'Change my SIM',
  'about-us': 'About 48',
};

const LAST_FRAGMENT = 'my48SettingsFragment';

/** Spec section 2: returning to settings with a fragment restores it; without one, the last one opened. */
export function settingsFragment(param: string | undefined): SettingsFragment {
  if (param && (SETTINGS_FRAGMENTS as readonly string[]).includes(param)) return param as SettingsFragment;
  try {
    const last = sessionStorage.getItem(LAST_FRAGMENT);
    if (last && (SETTINGS_FRAGMENTS as readonly string[]).includes(last)) return last as SettingsFragment;
  } catch {
    /* storage off */
  }
  return 'my-details';
}

function MyDetails({ userId }: { userId: string }) {
  const [details, setDetails] = useState<{ firstname: string; lastname: string; email: string }>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ busy: boolean; error?: string; saved?: boolean }>({ busy: false });
  useEffect(() => {
    http<{ _payload: { account: { firstname: string; lastname: string }; email: string } }>(`/panda/protected/users/${userId}/details`)
      .then(({ _payload }) => setDetails({ ..._payload.account, email: _payload.email }))
      .catch((e: unknown) => setStatus({ busy: false, error: errorMessage(e) }));
  }, [userId]);
  if (!details) return status.error ? <FormAlert>{status.error}</FormAlert> : <p role="status">Loading your details…</p>;
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = NameForm.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(humanProblems(parsed.error, { firstname: 'First name', lastname: 'Last name' }));
    setFields({});
    setStatus({ busy: true });
    try {
      const { _payload } = await http<{ _payload: { account: { firstname: string; lastname: string } } }>(`/panda/protected/users/${userId}/name`, { method: 'PUT', body: parsed.data });
      setDetails({ ...details, ..._payload.account });
      setStatus({ busy: false, saved: true });
    } catch (e) {
      setStatus({ busy: false, error: errorMessage(e) });
    }
  };
  return (
    <form className="form card" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="details-title">
      <h3 id="details-title" className="form__title">Your name</h3>
      <FormAlert>{status.error}</FormAlert>
      {status.saved && <FormAlert tone="success">Your name is saved.</FormAlert>}
      <div className="form__row">
        <Field label="First name" name="firstname" autoComplete="given-name" defaultValue={details.firstname} required error={fields['firstname']} />
        <Field label="Last name" name="lastname" autoComplete="family-name" defaultValue={details.lastname} required error={fields['lastname']} />
      </div>
      <p>E-mail address: <strong>{details.email}</strong></p>
      <SubmitButton busy={status.busy} busyLabel="Saving…">Save my name</SubmitButton>
    </form>
  );
}

function ChangePassword({ userId }: { userId: string }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ busy: boolean; error?: string; message?: string }>({ busy: false });
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const v = formValues(form);
    const problems: Record<string, string> = {};
    if (!v['current_password']) problems['current_password'] = 'Current password is required';
    const rule = PasswordRule.safeParse(v['new_password'] ?? '');
    if (!rule.success) problems['new_password'] = `New password ${rule.error.issues[0]!.message.replace(/^password /, '')}`;
    else if (v['new_password'] !== v['confirm']) problems['confirm'] = 'The two new passwords are not the same.';
    setFields(problems);
    if (Object.keys(problems).length) return;
    setStatus({ busy: true });
    try {
      const { _payload } = await http<{ _payload: { message: string } }>(`/panda/protected/users/${userId}/password`, { method: 'PUT', body: { current_password: v['current_password'], new_password: v['new_password'] } });
      form.reset();
      setStatus({ busy: false, message: _payload.message });
    } catch (e) {
      setStatus({ busy: false, error: errorMessage(e) });
    }
  };
  return (
    <form className="form card" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="password-title">
      <h3 id="password-title" className="form__title">Change your password</h3>
      <FormAlert>{status.error}</FormAlert>
      {status.message && <FormAlert tone="success">{status.message}</FormAlert>}
      <Field label="Current password" name="current_password" type="password" autoComplete="current-password" required error={fields['current_password']} />
      <Field label="New password" name="new_password" type="password" autoComplete="new-password" hint="At least 10 characters, with a letter and a digit." required error={fields['new_password']} />
      <Field label="New password again" name="confirm" type="password" autoComplete="new-password" required error={fields['confirm']} />
      <SubmitButton busy={status.busy} busyLabel="Saving…">Change password</SubmitButton>
    </form>
  );
}

/** Settings: one fragment at a time, chosen from the list; the choice is remembered for the tab. */
export default function Settings() {
  const page = useStore($router);
  const userId = currentUserId() ?? '';
  const fragment = settingsFragment(page?.route === 'settingsFragment' ? page.params.fragment : undefined);
  useEffect(() => {
    try {
      sessionStorage.setItem(LAST_FRAGMENT, fragment);
    } catch {
      /* storage off */
    }
  }, [fragment]);
  return (
    <div className="settings">
      <nav aria-label="Settings" className="subnav">
        <ul>
          {SETTINGS_FRAGMENTS.map((f) => (
            <li key={f}>
              <a href={getPagePath($router, 'settingsFragment', { fragment: f })} aria-current={f === fragment ? 'page' : undefined}>{titles[f]}</a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="fragment-title" className="settings__panel">
        <h2 id="fragment-title">{titles[fragment]}</h2>
        {fragment === 'my-details' && <MyDetails userId={userId} />}
        {fragment === 'permissions' && <MarketingPermissionsForm userId={userId} />}
        {fragment === 'change-password' && <ChangePassword userId={userId} />}
        {fragment === 'reorder-sim' && <ReorderSim userId={userId} />}
        {fragment === 'move-your-number' && <MoveYourNumber userId={userId} />}
        {fragment === 'change-my-sim' && <ChangeMySim userId={userId} />}
        {fragment === 'payment-details' && (
          <div className="card">
            <p>You have no stored card. When you buy a membership or add credit by card you can choose to save it here for next time.</p>
          </div>
        )}
        {fragment === 'about-us' && (
          <div className="card prose">
            <p>48 is a prepaid mobile network for Ireland: no contract, flexible data you can carry over, save, share or donate.</p>
            <ul>
              <li><a href="/about-us">About 48</a></li>
              <li><a href="/legal/terms-and-conditions">Terms and conditions</a></li>
              <li><a href="/legal/privacy-policy">Privacy policy</a></li>
              <li><a href="/help">Help</a></li>
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}

import { useEffect, useState, type SubmitEvent } from 'react';
import { errorMessage, http } from '../../lib/http.ts';
import { FormAlert, SubmitButton } from './Field.tsx';

const channels = [
  ['email', 'E-mail'],
  ['sms', 'Text message'],
  ['phone', 'Phone call'],
  ['post', 'Post'],
  ['social', 'Social media'],
] as const;
const socialNetworks = ['Snapchat', 'Instagram', 'TikTok', 'Facebook', 'X'] as const;

type Permissions = Record<(typeof channels)[number][0], boolean> & { social_preference: (typeof socialNetworks)[number] };

/**
 * The member's marketing permissions, per channel, with the preferred social network
 * (Snapchat unless chosen otherwise, spec section 9). Loads the saved choice, saves on submit.
 */
export function MarketingPermissionsForm({ userId, saveLabel = 'Save my choices', onSaved }: { userId: string; saveLabel?: string; onSaved?: () => void }) {
  const [value, setValue] = useState<Permissions | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const url = `/panda/protected/users/${userId}/marketing-permissions`;

  useEffect(() => {
    http<{ _payload: Permissions }>(url)
      .then(({ _payload }) => setValue(_payload))
      .catch((e: unknown) => setError(errorMessage(e, 'Your choices could not be loaded. Please reload the page.')));
  }, [url]);

  if (!value) return error ? <FormAlert>{error}</FormAlert> : <p role="status">Loading your choices…</p>;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      const { _payload } = await http<{ _payload: Permissions }>(url, { method: 'PUT', body: value });
      setValue(_payload);
      setSaved(true);
      onSaved?.();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="permissions-title">
      <h2 id="permissions-title" className="form__title">How may we tell you about offers?</h2>
      <p>Choose the ways we may contact you with news and offers from 48. You can change this any time in my48.</p>
      <FormAlert>{error}</FormAlert>
      {saved && <FormAlert tone="success">Your choices are saved.</FormAlert>}
      <fieldset className="fieldset">
        <legend>Contact me by</legend>
        {channels.map(([key, label]) => (
          <div className="field field--check" key={key}>
            <input id={`perm-${key}`} type="checkbox" checked={value[key]} onChange={(e) => setValue({ ...value, [key]: e.target.checked })} />
            <label htmlFor={`perm-${key}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="perm-social-preference">Preferred social network</label>
        <select id="perm-social-preference" value={value.social_preference} onChange={(e) => setValue({ ...value, social_preference: e.target.value as Permissions['social_preference'] })}>
          {socialNetworks.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
      <SubmitButton busy={busy} busyLabel="Saving…">{saveLabel}</SubmitButton>
    </form>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, type SubmitEvent } from 'react';
import { SOCIAL_NETWORKS } from '../../contract/settings.ts';
import type { MarketingPermissions } from '../../contract/settings.schema.ts';
import { $permissions, choose, loadPermissions, savePermissions } from '../../stores/marketing-permissions.ts';
import { FormAlert, SubmitButton } from './Field.tsx';
import { CheckField } from './CheckField.tsx';
import type { Words } from '../../contract/i18n/fill.ts';

const CHANNELS = ['email', 'sms', 'phone', 'post', 'social'] as const;

/** What the form says, in the page's language. */
export interface PermissionsWords {
  title: string;
  intro: string;
  saved: string;
  legend: string;
  channels: Record<(typeof CHANNELS)[number], string>;
  network: string;
  loading: string;
  loadFailed: string;
  busy: string;
}

/** The form's words' keys: a page formats them in its language at build (words.ts) and hands them over. */
export const PERMISSIONS_KEYS = [
  'my48.perm.title',
  'my48.perm.intro',
  'my48.perm.saved',
  'my48.perm.legend',
  'my48.perm.email',
  'my48.perm.sms',
  'my48.perm.phone',
  'my48.perm.post',
  'my48.perm.social',
  'my48.perm.network',
  'my48.perm.loading',
  'my48.perm.loadFailed',
  'my48.form.saving',
] as const;

/** The form's words from a page's formatted ones (the same as my48's Settings → Permissions). */
export const permissionsWordsOf = (w: Words<(typeof PERMISSIONS_KEYS)[number]>): PermissionsWords => ({
  title: w['my48.perm.title'],
  intro: w['my48.perm.intro'],
  saved: w['my48.perm.saved'],
  legend: w['my48.perm.legend'],
  channels: {
    email: w['my48.perm.email'],
    sms: w['my48.perm.sms'],
    phone: w['my48.perm.phone'],
    post: w['my48.perm.post'],
    social: w['my48.perm.social'],
  },
  network: w['my48.perm.network'],
  loading: w['my48.perm.loading'],
  loadFailed: w['my48.perm.loadFailed'],
  busy: w['my48.form.saving'],
});

/**
 * The member's marketing permissions, per channel, with the preferred social network
 * (Snapchat unless chosen otherwise, spec section 9). Loads the saved choice, saves on submit.
 */
export function MarketingPermissionsForm({
  userId,
  saveLabel,
  onSaved,
  words,
}: {
  userId: string | undefined;
  saveLabel: string;
  onSaved?: () => void;
  /** The page's words, in its language (permissionsWordsOf). */
  words: PermissionsWords;
}) {
  const { value, busy, error, saved } = useStore($permissions);
  useEffect(() => {
    // Undefined until the page's guard has let the member in (the build's HTML shows the loading line).
    if (userId !== undefined) void loadPermissions(userId, words.loadFailed);
  }, [userId, words.loadFailed]);

  if (!value) return error ? <FormAlert>{error}</FormAlert> : <p role="status">{words.loading}</p>;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (userId !== undefined && (await savePermissions(userId))) onSaved?.();
  };

  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="permissions-title">
      <h2 id="permissions-title" className="form__title">
        {words.title}
      </h2>
      <p>{words.intro}</p>
      <FormAlert>{error}</FormAlert>
      {saved && <FormAlert tone="success">{words.saved}</FormAlert>}
      <fieldset className="fieldset">
        <legend>{words.legend}</legend>
        {CHANNELS.map((key) => (
          <CheckField
            key={key}
            id={`perm-${key}`}
            type="checkbox"
            checked={value[key]}
            onChange={(e) => choose({ [key]: e.target.checked })}
            label={words.channels[key]}
          />
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="perm-social-preference">{words.network}</label>
        <select
          id="perm-social-preference"
          value={value.social_preference}
          onChange={(e) => choose({ social_preference: e.target.value as MarketingPermissions['social_preference'] })}
        >
          {SOCIAL_NETWORKS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={busy} busyLabel={words.busy}>
        {saveLabel}
      </SubmitButton>
    </form>
  );
}

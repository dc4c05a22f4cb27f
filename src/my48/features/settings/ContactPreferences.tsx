import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton, TextAreaField } from '../../../components/forms/Field.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { contactPreferences, contactPreferencesForm } from './contact-preferences-store.ts';

const checks = [
  ['large_print', 'Large print in what we post to you'],
  ['no_phone_calls', 'No phone calls'],
  ['email_only', 'E-mail only'],
] as const;

/**
 * Settings → How we contact you (docs/product/customer-care.md): what a member who needs it asks of us (large
 * print, no phone calls, e-mail only, a named representative, a note); the agent sees it with
 * every message or complaint they send.
 */
export default function HowWeContactYou() {
  const loaded = useStore(contactPreferences.$state);
  const form = useStore(contactPreferencesForm.$state);
  useEffect(() => {
    void contactPreferences.load();
    return contactPreferencesForm.reset;
  }, []);
  const p = loaded.data;
  if (!p)
    return loaded.status === 'error' ? (
      <LoadFailed error={loaded.error} retry={loaded.retryable ? () => void contactPreferences.retry() : undefined} />
    ) : (
      <p role="status">Loading how we contact you…</p>
    );
  return (
    <form
      className="form card"
      method="post"
      noValidate
      onSubmit={contactPreferencesForm.onSubmit}
      aria-labelledby="contact-prefs-title"
    >
      <h3 id="contact-prefs-title" className="form__title">
        What makes it easier for you
      </h3>
      <p>
        Tell us what makes it easier for you to deal with us. Our team sees this with every message or complaint you
        send.
      </p>
      <FormAlert>{form.error}</FormAlert>
      {form.result && <FormAlert tone="success">{form.result}</FormAlert>}
      <fieldset className="fieldset">
        <legend>What you need from us</legend>
        <div className="checks">
          {checks.map(([name, label]) => (
            <label className="check" key={name}>
              <input type="checkbox" name={name} defaultChecked={p[name]} /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Someone who deals with us for you (optional)</legend>
        <Field
          label="Representative's name"
          name="representative_name"
          autoComplete="off"
          maxLength={100}
          defaultValue={p.representative_name ?? ''}
          error={form.fields['representative_name']}
        />
        <Field
          label="Their relationship to you"
          name="representative_relationship"
          hint="For example: daughter, carer, solicitor."
          autoComplete="off"
          maxLength={60}
          defaultValue={p.representative_relationship ?? ''}
          error={form.fields['representative_relationship']}
        />
      </fieldset>
      <TextAreaField
        label="Anything else we should know (optional)"
        name="notes"
        hint="Up to 500 characters."
        rows={3}
        maxLength={500}
        defaultValue={p.notes ?? ''}
        error={form.fields['notes']}
      />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        Save how we contact you
      </SubmitButton>
    </form>
  );
}

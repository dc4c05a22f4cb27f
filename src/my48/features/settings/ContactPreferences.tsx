import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton, TextAreaField } from '../../../components/forms/Field.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { contactPreferences, contactPreferencesForm } from './contact-preferences-store.ts';
import { formSpeech, say } from '../../speech.ts';

const checks = [
  ['large_print', 'my48.contact.largePrint'],
  ['no_phone_calls', 'my48.contact.noCalls'],
  ['email_only', 'my48.contact.emailOnly'],
] as const;

/**
 * Settings → How we contact you (docs/product/customer-care.md): what a member who needs it asks of us (large
 * print, no phone calls, e-mail only, a named representative, a note); the agent sees it with
 * every message or complaint they send.
 */
export default function HowWeContactYou() {
  const loaded = useStore(contactPreferences.$state);
  const form = useStore(contactPreferencesForm.$state);
  contactPreferencesForm.speak(
    formSpeech({
      representative_name: 'my48.contact.repName',
      representative_relationship: 'my48.contact.repRelationship',
      notes: 'my48.contact.notesLabel',
    }),
  );
  useEffect(() => {
    void contactPreferences.load();
    return contactPreferencesForm.reset;
  }, []);
  const p = loaded.data;
  if (!p)
    return loaded.status === 'error' ? (
      <LoadFailed error={loaded.error} retry={loaded.retryable ? () => void contactPreferences.retry() : undefined} />
    ) : (
      <p role="status">{say('my48.contact.loading')}</p>
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
        {say('my48.contact.title')}
      </h3>
      <p>{say('my48.contact.intro')}</p>
      <FormAlert>{form.error}</FormAlert>
      {form.result && <FormAlert tone="success">{form.result}</FormAlert>}
      <fieldset className="fieldset">
        <legend>{say('my48.contact.needs')}</legend>
        <div className="checks">
          {checks.map(([name, label]) => (
            <label className="check" key={name}>
              <input type="checkbox" name={name} defaultChecked={p[name]} /> {say(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{say('my48.contact.representative')}</legend>
        <Field
          label={say('my48.contact.repName')}
          name="representative_name"
          autoComplete="off"
          maxLength={100}
          defaultValue={p.representative_name ?? ''}
          error={form.fields['representative_name']}
        />
        <Field
          label={say('my48.contact.repRelationship')}
          name="representative_relationship"
          hint={say('my48.contact.repHint')}
          autoComplete="off"
          maxLength={60}
          defaultValue={p.representative_relationship ?? ''}
          error={form.fields['representative_relationship']}
        />
      </fieldset>
      <TextAreaField
        label={say('my48.contact.notes')}
        name="notes"
        hint={say('my48.contact.notesHint')}
        rows={3}
        maxLength={500}
        defaultValue={p.notes ?? ''}
        error={form.fields['notes']}
      />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        {say('my48.contact.save')}
      </SubmitButton>
    </form>
  );
}

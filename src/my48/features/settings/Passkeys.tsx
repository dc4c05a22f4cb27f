import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { $removing, addPasskeyForm, passkeyList, passkeysSupported, removePasskeyForm } from './passkeys-store.ts';
import './passkeys.css';

const day = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Dublin',
});

/** The password, or a code from the e-mail: what adding or removing a passkey asks for. */
function Proof({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <>
      <PasswordField kind="current" hint="Or use a code from the e-mail, below." required={false} fields={errors} />
      <StepUpCode purpose="passkey" error={errors['step_up_code']} />
    </>
  );
}

/** Settings → security → passkeys (docs/product/phone.md): sign in with the phone's screen lock instead of the password. */
export function Passkeys() {
  const list = useStore(passkeyList.$state);
  const add = useStore(addPasskeyForm.$state);
  const removing = useStore($removing);
  const remove = useStore(removePasskeyForm.$state);
  useEffect(() => {
    void passkeyList.load();
    return () => {
      addPasskeyForm.reset();
      removePasskeyForm.reset();
    };
  }, []);
  const supported = passkeysSupported();
  return (
    <section className="card stack" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title">Passkeys</h3>
      <p>
        Sign in with your fingerprint, face or screen lock instead of your password. The passkey stays on your device;
        we keep only what checks it.
      </p>
      {remove.result && <FormAlert tone="success">{remove.result}</FormAlert>}
      {list.status === 'error' ? (
        <LoadFailed error={list.error} retry={list.retryable ? () => void passkeyList.retry() : undefined} />
      ) : !list.data ? (
        <p role="status" className="loading-line">
          Loading your passkeys…
        </p>
      ) : list.data.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="passkeys">
          {list.data.map((p) => (
            <li key={p.id} className="passkeys__item">
              <div>
                <strong>{p.name}</strong>
                <p className="field__hint">
                  {`Added ${day.format(new Date(p.created_at))} · ${p.last_used_at ? `last used ${day.format(new Date(p.last_used_at))}` : 'not used yet'}`}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--outline"
                aria-label={`Remove ${p.name}`}
                onClick={() => {
                  removePasskeyForm.reset();
                  $removing.set(p);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <Dialog
          title={`Remove ${removing.name}?`}
          onClose={() => $removing.set(undefined)}
          actions={
            <button type="button" className="btn btn--outline" onClick={() => $removing.set(undefined)}>
              Cancel
            </button>
          }
        >
          <form className="form" noValidate onSubmit={removePasskeyForm.onSubmit} aria-label="Remove the passkey">
            <p>It will no longer sign in to your account. Your password still does.</p>
            <FormAlert>{remove.error}</FormAlert>
            <Proof errors={remove.fields} />
            <SubmitButton busy={remove.busy} busyLabel={remove.busyLabel ?? ''}>
              Remove this passkey
            </SubmitButton>
          </form>
        </Dialog>
      )}
      {supported ? (
        <form className="form" noValidate onSubmit={addPasskeyForm.onSubmit} aria-labelledby="add-passkey-title">
          <h4 id="add-passkey-title">Add a passkey on this device</h4>
          <FormAlert>{add.error}</FormAlert>
          {add.result && <FormAlert tone="success">{add.result}</FormAlert>}
          <Field
            label="Name of this passkey"
            name="name"
            autoComplete="off"
            hint="To tell your passkeys apart, like “My phone”."
            defaultValue="My phone"
            maxLength={60}
            required
            error={add.fields['name']}
          />
          <Proof errors={add.fields} />
          <SubmitButton busy={add.busy} busyLabel={add.busyLabel ?? ''}>
            Add a passkey
          </SubmitButton>
        </form>
      ) : (
        <p className="alert alert--info">This browser cannot make passkeys. Try the browser on your phone.</p>
      )}
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { $removing, addPasskeyForm, passkeyList, passkeysSupported, removePasskeyForm } from './passkeys-store.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import { formatTag } from '../../../lib/format.ts';
import { formSpeech, say } from '../../speech.ts';
import './passkeys.css';

const day = (iso: string) =>
  irishFormat({ day: 'numeric', month: 'long', year: 'numeric' }, formatTag()).format(new Date(iso));

/** The password, or a code from the e-mail: what adding or removing a passkey asks for. */
function Proof({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <>
      <PasswordField
        kind="current"
        label={say('my48.stepUp.password')}
        hint={say('my48.sec.pk.passwordHint')}
        required={false}
        fields={errors}
      />
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
  const proof = { password: 'my48.stepUp.password', step_up_code: 'my48.stepUp.field' } as const;
  addPasskeyForm.speak(formSpeech({ name: 'my48.sec.pk.name', ...proof }, {}, 'my48.sec.pk.waiting'));
  removePasskeyForm.speak(formSpeech(proof, {}, 'my48.sec.pk.removing'));
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
      <h3 id="passkeys-title">{say('my48.sec.pk.title')}</h3>
      <p>{say('my48.sec.pk.intro')}</p>
      {remove.result && <FormAlert tone="success">{remove.result}</FormAlert>}
      {list.status === 'error' ? (
        <LoadFailed error={list.error} retry={list.retryable ? () => void passkeyList.retry() : undefined} />
      ) : !list.data ? (
        <p role="status" className="loading-line">
          {say('my48.sec.pk.loading')}
        </p>
      ) : list.data.length === 0 ? (
        <p>{say('my48.sec.pk.none')}</p>
      ) : (
        <ul className="passkeys">
          {list.data.map((p) => (
            <li key={p.id} className="passkeys__item">
              <div>
                <strong>{p.name}</strong>
                <p className="field__hint">
                  {`${say('my48.sec.pk.added', { day: day(p.created_at) })} · ${p.last_used_at ? say('my48.sec.pk.used', { day: day(p.last_used_at) }) : say('my48.sec.pk.notUsed')}`}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--outline"
                aria-label={say('my48.sec.pk.removeNamed', { name: p.name })}
                onClick={() => {
                  removePasskeyForm.reset();
                  $removing.set(p);
                }}
              >
                {say('my48.sec.pk.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <Dialog
          title={say('my48.sec.pk.removeTitle', { name: removing.name })}
          onClose={() => $removing.set(undefined)}
          actions={
            <button type="button" className="btn btn--outline" onClick={() => $removing.set(undefined)}>
              {say('my48.sec.cancel')}
            </button>
          }
        >
          <form
            className="form"
            noValidate
            onSubmit={removePasskeyForm.onSubmit}
            aria-label={say('my48.sec.pk.removeForm')}
          >
            <p>{say('my48.sec.pk.removeText')}</p>
            <FormAlert>{remove.error}</FormAlert>
            <Proof errors={remove.fields} />
            <SubmitButton busy={remove.busy} busyLabel={remove.busyLabel ?? ''}>
              {say('my48.sec.pk.removeThis')}
            </SubmitButton>
          </form>
        </Dialog>
      )}
      {supported ? (
        <form className="form" noValidate onSubmit={addPasskeyForm.onSubmit} aria-labelledby="add-passkey-title">
          <h4 id="add-passkey-title">{say('my48.sec.pk.addTitle')}</h4>
          <FormAlert>{add.error}</FormAlert>
          {add.result && <FormAlert tone="success">{add.result}</FormAlert>}
          <Field
            label={say('my48.sec.pk.name')}
            name="name"
            autoComplete="off"
            hint={say('my48.sec.pk.nameHint')}
            defaultValue={say('my48.sec.pk.defaultName')}
            maxLength={60}
            required
            error={add.fields['name']}
          />
          <Proof errors={add.fields} />
          <SubmitButton busy={add.busy} busyLabel={add.busyLabel ?? ''}>
            {say('my48.sec.pk.add')}
          </SubmitButton>
        </form>
      ) : (
        <p className="alert alert--info">{say('my48.sec.pk.unsupported')}</p>
      )}
    </section>
  );
}

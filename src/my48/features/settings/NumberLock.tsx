import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { LOCK_OFF_HOURS, LOCKED_CHANGE_HOURS } from '../../../contract/number-lock.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { $account } from '../../stores/account.ts';
import {
  $cancelChange,
  $changeKind,
  $keepLock,
  goingOffMessage,
  keepLockOn,
  askChangeForm,
  cancelChange,
  confirmChangeForm,
  numberLock,
  switchLockForm,
} from './number-lock-store.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import { formatTag } from '../../../lib/format.ts';
import { formSpeech, say, sayCount } from '../../speech.ts';

/** When a lock asked off goes off: "Sunday 6 December at 09:30" (in the page's language). */
const goesOff = (iso: string) =>
  irishFormat(
    { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' },
    formatTag(),
  ).format(new Date(iso));
const since = (iso: string) =>
  irishFormat({ day: 'numeric', month: 'long', year: 'numeric' }, formatTag()).format(new Date(iso));

/**
 * The number lock: on, a change of SIM needs a second e-mailed code and waits 24 hours (cancel any
 * time until then), and a port-out another network asks for is flagged to the member and our team.
 */
export function NumberLock() {
  const { sim } = useStore($account);
  const state = useStore(numberLock.$state);
  const switching = useStore(switchLockForm.$state);
  const asking = useStore(askChangeForm.$state);
  const confirming = useStore(confirmChangeForm.$state);
  const cancelling = useStore($cancelChange);
  const keeping = useStore($keepLock);
  const kind = useStore($changeKind);
  const code = { step_up_code: 'my48.stepUp.field' } as const;
  switchLockForm.speak(formSpeech(code));
  askChangeForm.speak(
    formSpeech(
      { new_ssn: 'my48.sec.lock.newSsn', password: 'my48.stepUp.password', ...code },
      {},
      'my48.sec.lock.asking',
    ),
  );
  confirmChangeForm.speak(formSpeech(code, {}, 'my48.sec.lock.confirming'));
  useEffect(() => {
    void numberLock.load();
    return () => {
      switchLockForm.reset();
      askChangeForm.reset();
      confirmChangeForm.reset();
    };
  }, []);
  const lock = state.data;
  const change = lock?.changes.find((c) => c.ssn === sim?.ssn);
  return (
    <section className="card stack" aria-labelledby="lock-title">
      <h3 id="lock-title">{say('my48.sec.lock.title')}</h3>
      <p>{sayCount('my48.sec.lock.intro', LOCKED_CHANGE_HOURS)}</p>
      {state.status === 'error' && <FormAlert>{state.error}</FormAlert>}
      {!lock ? (
        state.status !== 'error' && (
          <p role="status" className="loading-line">
            {say('my48.sec.lock.loading')}
          </p>
        )
      ) : (
        <>
          <p
            role="status"
            className={lock.ends_at ? 'alert alert--info' : lock.on ? 'alert alert--success' : undefined}
          >
            {lock.ends_at
              ? goingOffMessage(goesOff(lock.ends_at))
              : lock.on
                ? say('my48.sec.lock.onSince', { day: since(lock.since!) })
                : say('my48.sec.lock.off')}
          </p>
          {lock.ends_at && (
            <div className="actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={keeping.busy !== undefined}
                onClick={() => void keepLockOn()}
              >
                {keeping.busy ? say('my48.sec.lock.keeping') : say('my48.sec.lock.keep')}
              </button>
            </div>
          )}
          {keeping.notice && <FormAlert tone="success">{keeping.notice}</FormAlert>}
          <FormAlert>{keeping.error}</FormAlert>
          {cancelling.notice && <FormAlert tone="success">{cancelling.notice}</FormAlert>}
          <FormAlert>{cancelling.error}</FormAlert>

          {change && (
            <div className="stack" aria-live="polite">
              <p className="alert alert--info">{change.message}</p>
              {change.state === 'confirm' && (
                <form
                  className="form"
                  noValidate
                  onSubmit={confirmChangeForm.onSubmit}
                  aria-labelledby="confirm-change-title"
                >
                  <h4 id="confirm-change-title">{say('my48.sec.lock.confirmTitle')}</h4>
                  <FormAlert>{confirming.error}</FormAlert>
                  <StepUpCode purpose="lockedChange" error={confirming.fields['step_up_code']} />
                  <SubmitButton busy={confirming.busy} busyLabel={confirming.busyLabel ?? ''}>
                    {say('my48.sec.lock.confirm')}
                  </SubmitButton>
                </form>
              )}
              <div className="actions">
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={cancelling.busy !== undefined}
                  onClick={() => void cancelChange()}
                >
                  {say('my48.sec.lock.cancel')}
                </button>
              </div>
            </div>
          )}

          {lock.on && sim && !change && (
            <form className="form" noValidate onSubmit={askChangeForm.onSubmit} aria-labelledby="ask-change-title">
              <h4 id="ask-change-title">{say('my48.sec.lock.askTitle')}</h4>
              {asking.result && <FormAlert tone="success">{asking.result}</FormAlert>}
              <FormAlert>{asking.error}</FormAlert>
              <fieldset className="fieldset">
                <legend>{say('my48.sec.lock.moveTo')}</legend>
                <CheckField
                  id="lock-kind-esim"
                  type="radio"
                  name="kind"
                  value="esim"
                  checked={kind === 'esim'}
                  onChange={() => $changeKind.set('esim')}
                  label={say('my48.sec.lock.esim')}
                />
                <CheckField
                  id="lock-kind-physical"
                  type="radio"
                  name="kind"
                  value="physical"
                  checked={kind === 'physical'}
                  onChange={() => $changeKind.set('physical')}
                  label={say('my48.sec.lock.card')}
                />
              </fieldset>
              {kind === 'physical' && (
                <Field
                  label={say('my48.sec.lock.newSsn')}
                  name="new_ssn"
                  inputMode="numeric"
                  autoComplete="off"
                  hint={say('my48.sec.lock.newSsnHint')}
                  error={asking.fields['new_ssn']}
                />
              )}
              <PasswordField kind="current" label={say('my48.stepUp.password')} fields={asking.fields} />
              <StepUpCode purpose="sim" error={asking.fields['step_up_code']} />
              <SubmitButton busy={asking.busy} busyLabel={asking.busyLabel ?? ''}>
                {say('my48.sec.lock.ask')}
              </SubmitButton>
            </form>
          )}

          {/* A new form once switched (its key): the code used is gone from the field. Asked off, it waits. */}
          {!lock.ends_at && (
            <form
              key={lock.on ? 'off' : 'on'}
              className="form"
              noValidate
              onSubmit={switchLockForm.onSubmit}
              aria-labelledby="switch-lock-title"
            >
              <h4 id="switch-lock-title">{say(lock.on ? 'my48.sec.lock.switchOff' : 'my48.sec.lock.switchOn')}</h4>
              <input type="hidden" name="on" value={lock.on ? 'off' : 'on'} />
              <FormAlert>{switching.error}</FormAlert>
              <StepUpCode purpose="numberLock" error={switching.fields['step_up_code']} />
              <SubmitButton busy={switching.busy} busyLabel={switching.busyLabel ?? ''}>
                {say(lock.on ? 'my48.sec.lock.switchOff' : 'my48.sec.lock.switchOn')}
              </SubmitButton>
              {lock.on && <p className="field__hint">{sayCount('my48.sec.lock.offHint', LOCK_OFF_HOURS)}</p>}
            </form>
          )}
        </>
      )}
    </section>
  );
}

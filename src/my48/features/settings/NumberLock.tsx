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

/** When a lock asked off goes off: "Sunday 6 December at 09:30". */
const goesOff = new Intl.DateTimeFormat('en-IE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});

const since = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Dublin',
});

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
      <h3 id="lock-title">Number lock</h3>
      <p>
        {`Stops anyone moving your number to another SIM in a hurry: with the lock on, a change of SIM needs a second code we e-mail you and happens ${LOCKED_CHANGE_HOURS} hours later, so you can stop it. If another network asks for your number, we tell you and our team at once.`}
      </p>
      {state.status === 'error' && <FormAlert>{state.error}</FormAlert>}
      {!lock ? (
        state.status !== 'error' && (
          <p role="status" className="loading-line">
            Loading your number lock…
          </p>
        )
      ) : (
        <>
          <p
            role="status"
            className={lock.ends_at ? 'alert alert--info' : lock.on ? 'alert alert--success' : undefined}
          >
            {lock.ends_at
              ? goingOffMessage(goesOff.format(new Date(lock.ends_at)))
              : lock.on
                ? `Your number lock is on (since ${since.format(new Date(lock.since!))}).`
                : 'Your number lock is off.'}
          </p>
          {lock.ends_at && (
            <div className="actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={keeping.busy !== undefined}
                onClick={() => void keepLockOn()}
              >
                {keeping.busy ? 'Keeping it on…' : 'Keep it on'}
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
                  <h4 id="confirm-change-title">Confirm the change of SIM</h4>
                  <FormAlert>{confirming.error}</FormAlert>
                  <StepUpCode purpose="lockedChange" error={confirming.fields['step_up_code']} />
                  <SubmitButton busy={confirming.busy} busyLabel={confirming.busyLabel ?? ''}>
                    Confirm the change
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
                  Cancel the change
                </button>
              </div>
            </div>
          )}

          {lock.on && sim && !change && (
            <form className="form" noValidate onSubmit={askChangeForm.onSubmit} aria-labelledby="ask-change-title">
              <h4 id="ask-change-title">Ask for a change of SIM</h4>
              {asking.result && <FormAlert tone="success">{asking.result}</FormAlert>}
              <FormAlert>{asking.error}</FormAlert>
              <fieldset className="fieldset">
                <legend>Move my number to</legend>
                <CheckField
                  id="lock-kind-esim"
                  type="radio"
                  name="kind"
                  value="esim"
                  checked={kind === 'esim'}
                  onChange={() => $changeKind.set('esim')}
                  label="An eSIM"
                />
                <CheckField
                  id="lock-kind-physical"
                  type="radio"
                  name="kind"
                  value="physical"
                  checked={kind === 'physical'}
                  onChange={() => $changeKind.set('physical')}
                  label="A new SIM card"
                />
              </fieldset>
              {kind === 'physical' && (
                <Field
                  label="New SIM number"
                  name="new_ssn"
                  inputMode="numeric"
                  autoComplete="off"
                  hint="The 19 or 20 digits on the back of the new card, starting 89."
                  error={asking.fields['new_ssn']}
                />
              )}
              <PasswordField kind="current" fields={asking.fields} />
              <StepUpCode purpose="sim" error={asking.fields['step_up_code']} />
              <SubmitButton busy={asking.busy} busyLabel={asking.busyLabel ?? ''}>
                Ask for the change
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
              <h4 id="switch-lock-title">{lock.on ? 'Switch the lock off' : 'Switch the lock on'}</h4>
              <input type="hidden" name="on" value={lock.on ? 'off' : 'on'} />
              <FormAlert>{switching.error}</FormAlert>
              <StepUpCode purpose="numberLock" error={switching.fields['step_up_code']} />
              <SubmitButton busy={switching.busy} busyLabel={switching.busyLabel ?? ''}>
                {lock.on ? 'Switch the lock off' : 'Switch the lock on'}
              </SubmitButton>
              {lock.on && (
                <p className="field__hint">{`It goes off ${LOCK_OFF_HOURS} hours after you ask, and we tell you at once by e-mail and on your devices, so that you can keep it on if it wasn't you.`}</p>
              )}
            </form>
          )}
        </>
      )}
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { ALERT_CAUSES } from '../../../contract/alerts.ts';
import { SPEND_LIMIT_MIN_CENTS } from '../../../contract/security.ts';
import type { AlertSettings } from '../../../contract/alerts.schema.ts';
import { euro, formatMsisdn } from '../../../lib/format.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { formSpeech, say } from '../../speech.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { DeviceNotifications } from './DeviceNotifications.tsx';
import { Passkeys } from './Passkeys.tsx';
import { ChangeEmail } from './EmailAddress.tsx';
import { NumberLock } from './NumberLock.tsx';
import { AlertList } from '../../components/AlertList.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $account } from '../../stores/account.ts';
import {
  $alertsSave,
  $olderAlerts,
  alertHint,
  alerts,
  $block,
  $removeLimitError,
  spendLimit,
  loadAlerts,
  loadOlderAlerts,
  loadSpendLimit,
  removeSpendLimit,
  followLineState,
  lostSimMessage,
  UNBLOCKED,
  reportLost,
  saveAlerts,
  spendLimitForm,
  unblockForm,
} from './controls-store.ts';

function SpendLimit() {
  const limit = useStore(spendLimit.$state);
  const removeError = useStore($removeLimitError).error;
  const form = useStore(spendLimitForm.$state);
  spendLimitForm.speak(formSpeech({ limit: 'my48.sec.limit.label' }));
  useEffect(() => {
    void loadSpendLimit();
    return spendLimitForm.reset;
  }, []);
  const { data } = limit;
  const error = limit.status === 'error' ? limit.error : removeError;
  return (
    <form className="form card" noValidate onSubmit={spendLimitForm.onSubmit} aria-labelledby="limit-title">
      <h3 id="limit-title" className="form__title">
        {say('my48.sec.limit.title')}
      </h3>
      <p>{say('my48.sec.limit.intro')}</p>
      <FormAlert>{error ?? form.error}</FormAlert>
      {form.result && <FormAlert tone="success">{form.result}</FormAlert>}
      {limit.status === 'error' && limit.retryable && (
        <p>
          <button type="button" className="btn btn--outline" onClick={() => void spendLimit.retry()}>
            {say('my48.sec.tryAgain')}
          </button>
        </p>
      )}
      {data ? (
        <p role="status">
          {data.limit_cents === null
            ? say('my48.sec.limit.none', { spent: euro(data.spent_cents) })
            : say('my48.sec.limit.set', {
                limit: euro(data.limit_cents),
                spent: euro(data.spent_cents),
                left: euro(data.left_cents ?? 0),
              })}
        </p>
      ) : (
        !error && (
          <p role="status" className="loading-line">
            {say('my48.sec.limit.loading')}
          </p>
        )
      )}
      <Field
        label={say('my48.sec.limit.field')}
        name="limit"
        inputMode="decimal"
        hint={say('my48.sec.limit.hint', { min: euro(SPEND_LIMIT_MIN_CENTS) })}
        required
        error={form.fields['limit']}
      />
      <div className="actions">
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          {say('my48.sec.limit.save')}
        </SubmitButton>
        {data?.limit_cents !== null && data !== undefined && (
          <button type="button" className="btn btn--outline" onClick={() => void removeSpendLimit()}>
            {say('my48.sec.limit.remove')}
          </button>
        )}
      </div>
    </form>
  );
}

function LostOrStolen() {
  const { sim } = useStore($account);
  const block = useStore($block);
  const form = useStore(unblockForm.$state);
  unblockForm.speak(formSpeech({ step_up_code: 'my48.stepUp.field' }, {}, 'my48.sec.lost.unblocking'));
  const [confirming, setConfirming] = useState(false);
  useEffect(() => unblockForm.reset, []);
  // The network carries the block or the unblock out in seconds: followed here until it has.
  const waiting = sim ? (sim.blocked ? sim.line_state !== 'suspended' : sim.line_state === 'suspended') : false;
  useEffect(() => (waiting ? followLineState() : undefined), [waiting]);
  if (!sim) return null;
  const justUnblocked = block.notice === UNBLOCKED;
  const message = lostSimMessage(sim, justUnblocked);
  // While the network brings the line back, the report button stays away (it would only flash back).
  const unblocking = justUnblocked && sim.line_state === 'suspended';
  return (
    <section className="card stack" aria-labelledby="lost-title">
      <h3 id="lost-title">{say('my48.sec.lost.title')}</h3>
      {message && (
        <p className={`alert alert--${message.tone}`} role="status">
          {message.tone === 'info' && <span className="spinner spinner--small" aria-hidden="true" />} {message.text}
        </p>
      )}
      <FormAlert>{block.error}</FormAlert>
      {!sim.blocked ? (
        !unblocking && (
          <>
            <p>
              {say('my48.sec.lost.intro', {
                number: sim.msisdn ? formatMsisdn(sim.msisdn) : say('my48.sec.lost.yourSim'),
              })}
            </p>
            <div className="actions">
              <button
                type="button"
                className="btn btn--danger"
                disabled={block.busy !== undefined}
                onClick={() => setConfirming(true)}
              >
                {say('my48.sec.lost.report')}
              </button>
            </div>
            {confirming && (
              <Dialog
                title={say('my48.sec.lost.confirmTitle')}
                onClose={() => setConfirming(false)}
                actions={
                  <>
                    <button
                      type="button"
                      className="btn btn--danger"
                      onClick={() => {
                        setConfirming(false);
                        void reportLost();
                      }}
                    >
                      {say('my48.sec.lost.block')}
                    </button>
                    <button type="button" className="btn btn--outline" onClick={() => setConfirming(false)}>
                      {say('my48.sec.cancel')}
                    </button>
                  </>
                }
              >
                <p>{say('my48.sec.lost.confirmText')}</p>
              </Dialog>
            )}
          </>
        )
      ) : (
        <>
          <p>{say('my48.sec.lost.keep')}</p>
          <ul className="stack">
            <li>
              {slotted(say('my48.sec.lost.reorder'), {
                order: <a href={'/my48/settings/reorder-sim'}>{say('my48.sec.lost.orderLink')}</a>,
                change: <a href={'/my48/settings/change-my-sim'}>{say('my48.settings.fragment.changeMySim')}</a>,
              })}
            </li>
            <li>
              {slotted(say('my48.sec.lost.esim'), {
                link: <a href={'/my48/settings/change-my-sim#esim'}>{say('my48.sec.lost.esimLink')}</a>,
              })}
            </li>
          </ul>
          <form className="form" noValidate onSubmit={unblockForm.onSubmit} aria-labelledby="unblock-title">
            <h4 id="unblock-title">{say('my48.sec.lost.unblockTitle')}</h4>
            <FormAlert>{form.error}</FormAlert>
            <StepUpCode purpose="unblock" error={form.fields['step_up_code']} />
            <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
              {say('my48.sec.lost.unblock')}
            </SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}

/** Settings → security: lost or stolen SIM, the number lock, passkeys, spend limit, e-mail address. */
export function Security() {
  return (
    <div className="stack">
      <LostOrStolen />
      <NumberLock />
      <Passkeys />
      <SpendLimit />
      <ChangeEmail />
    </div>
  );
}

/** Settings → alerts: each cause in the app and by e-mail, and the alerts raised. */
export function Alerts() {
  const state = useStore(alerts.$state);
  const { saving, notice, error } = useStore($alertsSave);
  const older = useStore($olderAlerts);
  useEffect(() => void loadAlerts(), []);
  if (state.status === 'error')
    return <LoadFailed error={state.error} retry={state.retryable ? () => void alerts.retry() : undefined} />;
  if (!state.data)
    return (
      <p role="status" className="loading-line">
        {say('my48.alr.loading')}
      </p>
    );
  const { settings, list, next } = state.data;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = Object.fromEntries(
      ALERT_CAUSES.map((c) => [c, { in_app: data.has(`${c}.in_app`), email: data.has(`${c}.email`) }]),
    ) as AlertSettings;
    void saveAlerts(next);
  };
  return (
    <div className="stack">
      <DeviceNotifications />
      <form className="form card" onSubmit={onSubmit} aria-labelledby="alerts-title">
        <h3 id="alerts-title" className="form__title">
          {say('my48.alr.title')}
        </h3>
        <FormAlert>{error}</FormAlert>
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        {ALERT_CAUSES.map((c) => (
          <fieldset key={c} className="fieldset">
            <legend>{say(`my48.alr.cause.${c}`)}</legend>
            <p className="field__hint">{alertHint(c)}</p>
            <div className="checks">
              <label className="check">
                <input type="checkbox" name={`${c}.in_app`} defaultChecked={settings[c].in_app} />{' '}
                {say('my48.alr.inApp')}
              </label>
              <label className="check">
                <input type="checkbox" name={`${c}.email`} defaultChecked={settings[c].email} />{' '}
                {say('my48.alr.byEmail')}
              </label>
            </div>
          </fieldset>
        ))}
        <SubmitButton busy={Boolean(saving)} busyLabel={say('my48.form.saving')}>
          {say('my48.alr.save')}
        </SubmitButton>
      </form>
      <section className="card stack" aria-labelledby="recent-alerts">
        <h3 id="recent-alerts">{say('my48.alr.recent')}</h3>
        <AlertList alerts={list} empty={say('my48.alr.none')} />
        <FormAlert>{older.error}</FormAlert>
        {next ? (
          <div className="actions">
            <ActionButton
              busy={older.busy}
              busyLabel={say('my48.alr.loadingOlder')}
              onClick={() => void loadOlderAlerts()}
            >
              {say('my48.alr.older')}
            </ActionButton>
          </div>
        ) : null}
      </section>
    </div>
  );
}

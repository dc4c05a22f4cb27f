import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { ALERT_CAUSES, LOW_CREDIT_CENTS, RENEWAL_REMINDER_DAYS, type AlertCause } from '../../../contract/alerts.ts';
import { SPEND_LIMIT_MIN_CENTS } from '../../../contract/security.ts';
import type { AlertSettings } from '../../../contract/alerts.schema.ts';
import { euro, formatMsisdn, formatTag } from '../../../lib/format.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { localHref } from '../../../contract/i18n/routes.ts';
import { formSpeech, locale, say, sayCount } from '../../speech.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
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
  alerts,
  $block,
  $download,
  $removeLimitError,
  spendLimit,
  deleteForm,
  downloadMyData,
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
  staffAccess,
  unblockForm,
} from './controls-store.ts';
import { TableHead } from '../../../components/TableHead.tsx';

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

/** A cause's hint: the reminder's days and the low-credit line ("€2", "2 €") as the contract has them. */
export const alertHint = (c: AlertCause) =>
  c === 'renewal'
    ? sayCount('my48.alr.cause.renewal.hint', RENEWAL_REMINDER_DAYS)
    : say(`my48.alr.cause.${c}.hint`, { amount: euro(LOW_CREDIT_CENTS).replace(/[.,]00\b/, '') });

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

/** Settings → my data: the download, and deleting the account. */
export function MyData() {
  const download = useStore($download);
  const form = useStore(deleteForm.$state);
  deleteForm.speak(
    formSpeech(
      { password: 'my48.sec.password', confirm: 'my48.mydata.typeDelete', step_up_code: 'my48.stepUp.field' },
      {},
      'my48.mydata.deleting',
    ),
  );
  useEffect(() => deleteForm.reset, []);
  if (form.result) {
    return (
      <div className="card stack">
        <FormAlert tone="success">{form.result}</FormAlert>
        <p>
          <a className="btn btn--primary" href={localHref(locale(), '/')}>
            {say('my48.mydata.home')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="download-title">
        <h3 id="download-title">{say('my48.mydata.downloadTitle')}</h3>
        <p>{say('my48.mydata.downloadText')}</p>
        <FormAlert>{download.error}</FormAlert>
        <div className="actions">
          <ActionButton
            tone="primary"
            busy={download.busy}
            busyLabel={say('my48.mydata.preparing')}
            onClick={() => void downloadMyData()}
          >
            {say('my48.mydata.download')}
          </ActionButton>
        </div>
      </section>
      <WhoOpened />
      <form className="form card" noValidate onSubmit={deleteForm.onSubmit} aria-labelledby="delete-title">
        <h3 id="delete-title" className="form__title">
          {say('my48.mydata.deleteTitle')}
        </h3>
        <p>{say('my48.mydata.deleteText')}</p>
        <FormAlert>{form.error}</FormAlert>
        <PasswordField kind="current" label={say('my48.sec.password')} fields={form.fields} />
        <Field
          label={say('my48.mydata.typeDelete')}
          name="confirm"
          autoComplete="off"
          hint={say('my48.mydata.typeDeleteHint')}
          required
          error={form.fields['confirm']}
        />
        <StepUpCode purpose="delete" error={form.fields['step_up_code']} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          {say('my48.mydata.delete')}
        </SubmitButton>
      </form>
    </div>
  );
}

const openedAt = () => irishFormat({ dateStyle: 'medium', timeStyle: 'short' }, formatTag());

/** "Who at 48 opened your account" (docs/product/staff.md): the date, a first name and role, the reason as written, what was done. */
function WhoOpened() {
  const state = useStore(staffAccess.$state);
  useEffect(() => void staffAccess.load(), []);
  const [when, who, why, what] = [
    say('my48.mydata.when'),
    say('my48.mydata.who'),
    say('my48.mydata.why'),
    say('my48.mydata.what'),
  ];
  return (
    <section className="card stack" aria-labelledby="who-opened-title">
      <h3 id="who-opened-title">{say('my48.mydata.whoTitle')}</h3>
      <p>{say('my48.mydata.whoText')}</p>
      {state.status === 'error' ? (
        <LoadFailed error={state.error} retry={state.retryable ? () => void staffAccess.retry() : undefined} />
      ) : state.data === undefined ? (
        <p role="status">{say('my48.mydata.whoLoading')}</p>
      ) : state.data.length === 0 ? (
        <p>{say('my48.mydata.whoNone')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="who-opened-caption">
          <table className="cards">
            <caption id="who-opened-caption">{say('my48.mydata.whoCaption')}</caption>
            <TableHead columns={[when, who, why, what]} />
            <tbody>
              {state.data.map((e) => (
                <tr key={`${e.at}-${e.did}`}>
                  <td data-label={when}>{openedAt().format(new Date(e.at))}</td>
                  <td data-label={who}>
                    {e.first_name}, {e.role}
                  </td>
                  <td data-label={why}>{e.reason}</td>
                  <td data-label={what}>{e.did}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

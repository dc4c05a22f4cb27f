import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { ALERT_CAUSES, ALERT_LABELS } from '../../../contract/alerts.ts';
import type { AlertSettings } from '../../../contract/alerts.schema.ts';
import { euro, formatMsisdn } from '../../../lib/format.ts';
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
  useEffect(() => {
    void loadSpendLimit();
    return spendLimitForm.reset;
  }, []);
  const { data } = limit;
  const error = limit.status === 'error' ? limit.error : removeError;
  return (
    <form className="form card" noValidate onSubmit={spendLimitForm.onSubmit} aria-labelledby="limit-title">
      <h3 id="limit-title" className="form__title">
        Monthly card spending limit
      </h3>
      <p>
        Cap what your cards can pay each calendar month: memberships, add-ons, credit and renewals. A payment that would
        pass it is refused before your card is asked.
      </p>
      <FormAlert>{error ?? form.error}</FormAlert>
      {form.result && <FormAlert tone="success">{form.result}</FormAlert>}
      {limit.status === 'error' && limit.retryable && (
        <p>
          <button type="button" className="btn btn--outline" onClick={() => void spendLimit.retry()}>
            Try again
          </button>
        </p>
      )}
      {data ? (
        <p role="status">
          {data.limit_cents === null
            ? `No limit is set. Your cards have paid ${euro(data.spent_cents)} this month.`
            : `Your limit is ${euro(data.limit_cents)} a month: ${euro(data.spent_cents)} paid by card this month, ${euro(data.left_cents ?? 0)} left.`}
        </p>
      ) : (
        !error && (
          <p role="status" className="loading-line">
            Loading your limit…
          </p>
        )
      )}
      <Field
        label="Monthly limit (€)"
        name="limit"
        inputMode="decimal"
        hint="From €5.00. Leave a payment page open and its amount counts for half an hour."
        required
        error={form.fields['limit']}
      />
      <div className="actions">
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          Save my limit
        </SubmitButton>
        {data?.limit_cents !== null && data !== undefined && (
          <button type="button" className="btn btn--outline" onClick={() => void removeSpendLimit()}>
            Remove the limit
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
      <h3 id="lost-title">Lost or stolen SIM</h3>
      {message && (
        <p className={`alert alert--${message.tone}`} role="status">
          {message.tone === 'info' && <span className="spinner spinner--small" aria-hidden="true" />} {message.text}
        </p>
      )}
      <FormAlert>{block.error}</FormAlert>
      {!sim.blocked ? (
        !unblocking && (
          <>
            <p>{`If the phone with ${sim.msisdn ? formatMsisdn(sim.msisdn) : 'your SIM'} is lost or stolen, block the SIM now: nobody can buy anything, move data or order SIMs with it until you unblock it.`}</p>
            <div className="actions">
              <button
                type="button"
                className="btn btn--danger"
                disabled={block.busy !== undefined}
                onClick={() => setConfirming(true)}
              >
                Report lost or stolen
              </button>
            </div>
            {confirming && (
              <Dialog
                title="Block your SIM?"
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
                      Block my SIM
                    </button>
                    <button type="button" className="btn btn--outline" onClick={() => setConfirming(false)}>
                      Cancel
                    </button>
                  </>
                }
              >
                <p>
                  Your SIM stops buying, moving data and ordering at once. To use it again you need a security code from
                  your e-mail.
                </p>
              </Dialog>
            )}
          </>
        )
      ) : (
        <>
          <p>Keep your number on a new SIM:</p>
          <ul className="stack">
            <li>
              <a href="/my48/settings/reorder-sim">Order a replacement SIM</a> (posted free), then change to it in{' '}
              <a href="/my48/settings/change-my-sim">Change my SIM</a>
            </li>
            <li>
              <a href="/my48/settings/change-my-sim#esim">Change to an eSIM</a>: works in minutes on a phone that takes
              eSIMs
            </li>
          </ul>
          <form className="form" noValidate onSubmit={unblockForm.onSubmit} aria-labelledby="unblock-title">
            <h4 id="unblock-title">Found it? Unblock your SIM</h4>
            <FormAlert>{form.error}</FormAlert>
            <StepUpCode purpose="unblock" error={form.fields['step_up_code']} />
            <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
              Unblock my SIM
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
        Loading your alerts…
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
          Which alerts you get
        </h3>
        <FormAlert>{error}</FormAlert>
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        {ALERT_CAUSES.map((c) => (
          <fieldset key={c} className="fieldset">
            <legend>{ALERT_LABELS[c].name}</legend>
            <p className="field__hint">{ALERT_LABELS[c].hint}</p>
            <div className="checks">
              <label className="check">
                <input type="checkbox" name={`${c}.in_app`} defaultChecked={settings[c].in_app} /> In the app
              </label>
              <label className="check">
                <input type="checkbox" name={`${c}.email`} defaultChecked={settings[c].email} /> By e-mail
              </label>
            </div>
          </fieldset>
        ))}
        <SubmitButton busy={Boolean(saving)} busyLabel="Saving…">
          Save my alerts
        </SubmitButton>
      </form>
      <section className="card stack" aria-labelledby="recent-alerts">
        <h3 id="recent-alerts">Recent alerts</h3>
        <AlertList alerts={list} empty="No alerts yet." />
        <FormAlert>{older.error}</FormAlert>
        {next ? (
          <div className="actions">
            <ActionButton busy={older.busy} busyLabel="Loading older alerts…" onClick={() => void loadOlderAlerts()}>
              Older alerts
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
  useEffect(() => deleteForm.reset, []);
  if (form.result) {
    return (
      <div className="card stack">
        <FormAlert tone="success">{form.result}</FormAlert>
        <p>
          <a className="btn btn--primary" href="/">
            Go to the home page
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="download-title">
        <h3 id="download-title">Download your data</h3>
        <p>
          One JSON file with everything 48 holds about you: your account, SIMs, memberships, payments, orders,
          permissions, referrals and alerts. Passwords and card tokens are never included.
        </p>
        <FormAlert>{download.error}</FormAlert>
        <div className="actions">
          <ActionButton
            tone="primary"
            busy={download.busy}
            busyLabel="Preparing your file…"
            onClick={() => void downloadMyData()}
          >
            Download my data
          </ActionButton>
        </div>
      </section>
      <WhoOpened />
      <form className="form card" noValidate onSubmit={deleteForm.onSubmit} aria-labelledby="delete-title">
        <h3 id="delete-title" className="form__title">
          Delete your account
        </h3>
        <p>
          Your SIM stops working and your credit, memberships and flexible data go with the account. We erase your name,
          e-mail address, number, addresses and cards; the amounts of your payments are kept for 6 years without your
          name, as the law asks. This cannot be undone.
        </p>
        <FormAlert>{form.error}</FormAlert>
        <PasswordField kind="current" fields={form.fields} />
        <Field
          label="Type DELETE"
          name="confirm"
          autoComplete="off"
          hint="In capitals, to show you mean it."
          required
          error={form.fields['confirm']}
        />
        <StepUpCode purpose="delete" error={form.fields['step_up_code']} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          Delete my account
        </SubmitButton>
      </form>
    </div>
  );
}

const openedAt = irishFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** "Who at 48 opened your account" (docs/product/staff.md): the date, a first name and role, the reason as written, what was done. */
function WhoOpened() {
  const state = useStore(staffAccess.$state);
  useEffect(() => void staffAccess.load(), []);
  return (
    <section className="card stack" aria-labelledby="who-opened-title">
      <h3 id="who-opened-title">Who at 48 opened your account</h3>
      <p>
        Each time someone at 48 opens your account or changes something in it, they give a reason, and you can read it
        here for 12 months. It is in your data download too.
      </p>
      {state.status === 'error' ? (
        <LoadFailed error={state.error} retry={state.retryable ? () => void staffAccess.retry() : undefined} />
      ) : state.data === undefined ? (
        <p role="status">Loading…</p>
      ) : state.data.length === 0 ? (
        <p>Nobody at 48 has opened your account in the last 12 months.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="who-opened-caption">
          <table className="cards">
            <caption id="who-opened-caption">Who opened your account, newest first</caption>
            <TableHead columns={['When', 'Who', 'Why', 'What']} />
            <tbody>
              {state.data.map((e) => (
                <tr key={`${e.at}-${e.did}`}>
                  <td data-label="When">{openedAt.format(new Date(e.at))}</td>
                  <td data-label="Who">
                    {e.first_name}, {e.role}
                  </td>
                  <td data-label="Why">{e.reason}</td>
                  <td data-label="What">{e.did}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

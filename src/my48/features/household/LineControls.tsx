import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { LINE_FILTER_NAMES } from '../../../contract/household.ts';
import type { LineControls as Controls } from '../../../contract/household.schema.ts';
import { gb, longDateOf, shortDate } from '../../../lib/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import './household.css';
import {
  answerUnder18,
  capForm,
  controlActions,
  latestPauseDay,
  lineControls,
  pauseForm,
  resume,
  setFilter,
  setRole,
  setSharing,
  setUnder18,
  watchLine,
} from './line-controls-store.ts';

/** The network's word on a control's last change, as the member reads it. */
function networkSays(network: Controls['pause']['network'], on: boolean, pause = false) {
  if (network === 'switching')
    return pause
      ? on
        ? 'Pausing at the network…'
        : 'Resuming at the network…'
      : on
        ? 'Switching on at the network…'
        : 'Switching off at the network…';
  if (network === 'refused') return 'The network refused the last change: nothing changed.';
  return null;
}

/** The day a pause's end falls on: it ends at the start of the next day, so the last day is the one before. */
const lastDay = (until: string) => longDateOf(new Date(new Date(until).getTime() - 1));

/**
 * A line's controls at the network (docs/product/lifelines.md "Controls"): its pause, filters and bars,
 * its role for the owner, who sees the line, and its history. `name` is the line's member as the owner
 * sees it; none: the line's own view.
 */
export function LineControls({ ssn, name }: { ssn: string; name?: string }) {
  const state = useStore(lineControls.$state);
  const action = useStore(controlActions.$state);
  const pause = useStore(pauseForm.$state);
  const cap = useStore(capForm.$state);
  useEffect(() => {
    const stop = watchLine(ssn);
    return () => {
      stop();
      controlActions.reset();
      pauseForm.reset();
      capForm.reset();
    };
  }, [ssn]);
  const view = state.key === ssn ? state.data : undefined;
  if (state.status === 'error' && !view)
    return <LoadFailed error={state.error} retry={state.retryable ? () => void lineControls.retry() : undefined} />;
  if (!view)
    return (
      <p role="status" className="loading-line">
        Loading the line’s controls…
      </p>
    );
  const who = name ?? 'this line';
  const paused = view.pause.kind;
  const pauseWord = networkSays(view.pause.network, paused !== null, true);
  return (
    <div className="stack line-controls">
      {action.notice && <FormAlert tone="success">{action.notice}</FormAlert>}
      <FormAlert>{action.error}</FormAlert>
      {/* A pause and a data cap are a household's: a line in none has only its filters and bars. */}
      {view.role !== null && (
        <>
          <section className="stack" aria-labelledby={`pause-${ssn}`}>
            <h3 id={`pause-${ssn}`}>Pause</h3>
            {paused ? (
              <p>
                <strong>
                  {paused === 'all'
                    ? `All service is paused until ${lastDay(view.pause.until!)}.`
                    : `Data is paused until ${lastDay(view.pause.until!)}.`}
                </strong>{' '}
                {paused === 'all' ? 'Calls to 112 and 999 still work. ' : ''}It resumes by itself the next morning.
              </p>
            ) : (
              <p>{`Nothing is paused on ${who}.`}</p>
            )}
            {pauseWord && (
              <p role="status" className="line-controls__network">
                {pauseWord}
              </p>
            )}
            {view.can.pause && paused && (
              <div className="actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={action.busy !== undefined}
                  onClick={() => void resume()}
                >
                  {action.busy === 'resume' ? 'Resuming…' : 'Resume now'}
                </button>
              </div>
            )}
            {view.can.pause && (
              <form className="form" noValidate onSubmit={pauseForm.onSubmit} aria-label={`Pause ${who}`}>
                <FormAlert>{pause.error}</FormAlert>
                {pause.result && <FormAlert tone="success">{pause.result}</FormAlert>}
                <fieldset className="fieldset">
                  <legend>{paused ? 'Change the pause' : 'What to pause'}</legend>
                  <CheckField
                    id={`kind-data-${ssn}`}
                    type="radio"
                    name="kind"
                    value="data"
                    defaultChecked={paused !== 'all'}
                    label="Data only"
                  />
                  <CheckField
                    id={`kind-all-${ssn}`}
                    type="radio"
                    name="kind"
                    value="all"
                    defaultChecked={paused === 'all'}
                    label="All service (calls to 112 and 999 still work)"
                  />
                  {pause.fields['kind'] && <p className="field__error">{pause.fields['kind']}</p>}
                </fieldset>
                <Field
                  label="Last day of the pause"
                  name="until"
                  type="date"
                  min={new Date().toISOString().slice(0, 10)}
                  max={latestPauseDay()}
                  hint="Three months at most. Leave it empty for as long as allowed."
                  error={pause.fields['until']}
                />
                <SubmitButton busy={pause.busy} busyLabel={pause.busyLabel ?? ''}>
                  {paused ? 'Change the pause' : 'Pause the line'}
                </SubmitButton>
              </form>
            )}
          </section>
          <section className="stack" aria-labelledby={`cap-${ssn}`}>
            <h3 id={`cap-${ssn}`}>Data cap</h3>
            <p>
              {view.data_cap.gb === null
                ? `No household cap on ${who}: the membership's allowance is the limit.`
                : `Capped at ${view.data_cap.gb} GB a period: ${gb(view.data_cap.used_kb)} GB used so far.`}
              {view.data_cap.barred ? ' Data is stopped at the network until the next period or a higher cap.' : ''}
            </p>
            {view.can.pause && (
              <form className="form" noValidate onSubmit={capForm.onSubmit} aria-label={`Data cap for ${who}`}>
                <FormAlert>{cap.error}</FormAlert>
                {cap.result && <FormAlert tone="success">{cap.result}</FormAlert>}
                <Field
                  label="Data cap in GB a period"
                  name="gb"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={view.data_cap.gb === null ? '' : String(view.data_cap.gb)}
                  hint="1 to 100 GB. Leave it empty for no cap. At 80 % you and the line are told."
                  error={cap.fields['gb']}
                />
                <SubmitButton busy={cap.busy} busyLabel={cap.busyLabel ?? ''}>
                  Save the cap
                </SubmitButton>
              </form>
            )}
          </section>
        </>
      )}
      {view.can.answer_under_18 && (
        <section className="stack card" aria-labelledby={`under18-ask-${ssn}`}>
          <h3 id={`under18-ask-${ssn}`}>Mark your line under 18?</h3>
          <p>
            {`${view.seen_by.find((p) => p.role === 'owner')?.name ?? 'Your household’s owner'} asks to mark your line under 18: its adult content filter and its bars on premium-rate numbers and third-party charges go on, and only the household changes them.`}
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={action.busy !== undefined}
              onClick={() => void answerUnder18(true)}
            >
              Accept
            </button>
            <button
              type="button"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              onClick={() => void answerUnder18(false)}
            >
              Decline
            </button>
          </div>
        </section>
      )}
      <section className="stack" aria-labelledby={`filters-${ssn}`}>
        <h3 id={`filters-${ssn}`}>Filters and bars</h3>
        {view.under_18 === 'accepted' && !view.can.filters && (
          <p>Your line is marked under 18: its filters and bars are your household’s to change.</p>
        )}
        <ul className="line-controls__filters">
          {view.filters.map((f) => {
            const word = networkSays(f.network, f.on);
            return (
              <li key={f.filter} className="household__invitation">
                <span>
                  {`${LINE_FILTER_NAMES[f.filter]}: `}
                  <strong>{f.on ? 'on' : 'off'}</strong>
                  {word && <span className="line-controls__network">{` · ${word}`}</span>}
                </span>
                {view.can.filters && (
                  <button
                    type="button"
                    className="btn btn--outline"
                    disabled={action.busy !== undefined}
                    onClick={() => void setFilter(f.filter, !f.on)}
                    aria-label={`${f.on ? 'Switch off' : 'Switch on'}: ${LINE_FILTER_NAMES[f.filter]}`}
                  >
                    {f.on ? 'Switch off' : 'Switch on'}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {view.can.role && (
        <section className="stack" aria-labelledby={`under18-${ssn}`}>
          <h3 id={`under18-${ssn}`}>Under 18</h3>
          <p>
            {view.under_18 === 'accepted'
              ? `${who} is marked under 18: the filters and bars are on, and only you or a manager change them.`
              : view.under_18 === 'asked'
                ? `Waiting for ${who} to accept being marked under 18.`
                : `Mark ${who} under 18: once they accept, the filters and bars go on and only you or a manager change them.`}
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              onClick={() => void setUnder18(view.under_18 === null)}
            >
              {view.under_18 === null
                ? 'Mark as under 18'
                : view.under_18 === 'asked'
                  ? 'Withdraw the ask'
                  : 'Take the mark away'}
            </button>
          </div>
        </section>
      )}
      {(view.can.sharing || !view.sharing_outside) && (
        <section className="stack" aria-labelledby={`sharing-${ssn}`}>
          <h3 id={`sharing-${ssn}`}>Sharing data</h3>
          <p>
            {view.sharing_outside
              ? `${who} can spot and share data with any 48 number. Between the household's lines it needs no friend request.`
              : `${who} spots and shares data within the household only: numbers outside it can neither give nor get data from this line.`}
          </p>
          {view.can.sharing && (
            <div className="actions">
              <button
                type="button"
                className="btn btn--outline"
                disabled={action.busy !== undefined}
                onClick={() => void setSharing(!view.sharing_outside)}
              >
                {action.busy === 'sharing'
                  ? 'Saving…'
                  : view.sharing_outside
                    ? 'Keep data within the household'
                    : 'Let the line share outside the household'}
              </button>
            </div>
          )}
        </section>
      )}
      {view.can.role && (
        <section className="stack" aria-labelledby={`role-${ssn}`}>
          <h3 id={`role-${ssn}`}>Role</h3>
          <p>
            {view.role === 'manager'
              ? `${who} is a manager: they run the other lines with you, but cannot appoint managers or pay with your means.`
              : `${who} is a member. A manager runs the other lines with you.`}
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              onClick={() => void setRole(view.role === 'manager' ? 'member' : 'manager')}
            >
              {action.busy === 'role' ? 'Saving…' : view.role === 'manager' ? 'Make a member again' : 'Make a manager'}
            </button>
          </div>
        </section>
      )}
      {view.seen_by.length > 0 && (
        <section className="stack" aria-labelledby={`seen-${ssn}`}>
          <h3 id={`seen-${ssn}`}>Who sees this line</h3>
          <p>
            {`${view.seen_by.map((p) => `${p.name} (${p.role})`).join(', ')}: the credit, data and membership of the line, and its pause, filters and bars. Never its calls, transactions or messages.`}
          </p>
        </section>
      )}
      <section className="stack" aria-labelledby={`history-${ssn}`}>
        <h3 id={`history-${ssn}`}>History</h3>
        {view.history.length === 0 ? (
          <p>Nothing changed yet.</p>
        ) : (
          <ul className="line-controls__history">
            {view.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <span className="line-controls__when">{shortDate(h.at)}</span> {`${h.actor} ${h.text}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

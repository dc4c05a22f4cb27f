import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import type { LineControls as Controls } from '../../../contract/household.schema.ts';
import { decimal, gb, longDateOf, shortDate } from '../../../lib/format.ts';
import { say } from '../../speech.ts';
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
  speakControlForms,
  watchLine,
} from './line-controls-store.ts';

/** The network's word on a control's last change, as the member reads it. */
function networkSays(network: Controls['pause']['network'], on: boolean, pause = false) {
  if (network === 'switching')
    return pause
      ? say(on ? 'my48.hh.net.pausing' : 'my48.hh.net.resuming')
      : say(on ? 'my48.hh.net.on' : 'my48.hh.net.off');
  if (network === 'refused') return say('my48.hh.net.refused');
  return null;
}

/** A sentence that may begin with the line's words ("this line …"): its first letter a capital. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A filter's or a bar's name ("Adult content filter"). */
const filterName = (filter: Controls['filters'][number]['filter']) => say(`my48.hh.filter.${filter}`);

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
  speakControlForms();
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
        {say('my48.hh.ctl.loading')}
      </p>
    );
  const who = name ?? say('my48.hh.ctl.thisLine');
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
            <h3 id={`pause-${ssn}`}>{say('my48.hh.ctl.pause')}</h3>
            {paused ? (
              <p>
                <strong>
                  {say(paused === 'all' ? 'my48.hh.ctl.allPausedUntil' : 'my48.hh.ctl.dataPausedUntil', {
                    day: lastDay(view.pause.until!),
                  })}
                </strong>{' '}
                {paused === 'all' ? `${say('my48.hh.ctl.emergency')} ` : ''}
                {say('my48.hh.ctl.resumesItself')}
              </p>
            ) : (
              <p>{sentence(say('my48.hh.ctl.nothingPaused', { who }))}</p>
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
                  {say(action.busy === 'resume' ? 'my48.hh.ctl.resuming' : 'my48.hh.ctl.resume')}
                </button>
              </div>
            )}
            {view.can.pause && (
              <form
                className="form"
                noValidate
                onSubmit={pauseForm.onSubmit}
                aria-label={say('my48.hh.ctl.pauseWho', { who })}
              >
                <FormAlert>{pause.error}</FormAlert>
                {pause.result && <FormAlert tone="success">{pause.result}</FormAlert>}
                <fieldset className="fieldset">
                  <legend>{say(paused ? 'my48.hh.ctl.changePause' : 'my48.hh.ctl.whatToPause')}</legend>
                  <CheckField
                    id={`kind-data-${ssn}`}
                    type="radio"
                    name="kind"
                    value="data"
                    defaultChecked={paused !== 'all'}
                    label={say('my48.hh.ctl.dataOnly')}
                  />
                  <CheckField
                    id={`kind-all-${ssn}`}
                    type="radio"
                    name="kind"
                    value="all"
                    defaultChecked={paused === 'all'}
                    label={say('my48.hh.ctl.allService')}
                  />
                  {pause.fields['kind'] && <p className="field__error">{pause.fields['kind']}</p>}
                </fieldset>
                <Field
                  label={say('my48.hh.ctl.lastDay')}
                  name="until"
                  type="date"
                  min={new Date().toISOString().slice(0, 10)}
                  max={latestPauseDay()}
                  hint={say('my48.hh.ctl.lastDayHint')}
                  error={pause.fields['until']}
                />
                <SubmitButton busy={pause.busy} busyLabel={pause.busyLabel ?? ''}>
                  {say(paused ? 'my48.hh.ctl.changePause' : 'my48.hh.ctl.pauseLine')}
                </SubmitButton>
              </form>
            )}
          </section>
          <section className="stack" aria-labelledby={`cap-${ssn}`}>
            <h3 id={`cap-${ssn}`}>{say('my48.hh.ctl.cap')}</h3>
            <p>
              {view.data_cap.gb === null
                ? sentence(say('my48.hh.ctl.noCap', { who }))
                : say('my48.hh.ctl.capped', { cap: view.data_cap.gb, used: decimal(gb(view.data_cap.used_kb)) })}
              {view.data_cap.barred ? ` ${say('my48.hh.ctl.barred')}` : ''}
            </p>
            {view.can.pause && (
              <form
                className="form"
                noValidate
                onSubmit={capForm.onSubmit}
                aria-label={say('my48.hh.ctl.capFor', { who })}
              >
                <FormAlert>{cap.error}</FormAlert>
                {cap.result && <FormAlert tone="success">{cap.result}</FormAlert>}
                <Field
                  label={say('my48.hh.ctl.capField')}
                  name="gb"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={view.data_cap.gb === null ? '' : String(view.data_cap.gb)}
                  hint={say('my48.hh.ctl.capHint')}
                  error={cap.fields['gb']}
                />
                <SubmitButton busy={cap.busy} busyLabel={cap.busyLabel ?? ''}>
                  {say('my48.hh.ctl.saveCap')}
                </SubmitButton>
              </form>
            )}
          </section>
        </>
      )}
      {view.can.answer_under_18 && (
        <section className="stack card" aria-labelledby={`under18-ask-${ssn}`}>
          <h3 id={`under18-ask-${ssn}`}>{say('my48.hh.ctl.markAsk')}</h3>
          <p>
            {say('my48.hh.ctl.markAskWhat', {
              owner: view.seen_by.find((p) => p.role === 'owner')?.name ?? say('my48.hh.ctl.yourOwner'),
            })}
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={action.busy !== undefined}
              onClick={() => void answerUnder18(true)}
            >
              {say('my48.hh.ctl.accept')}
            </button>
            <button
              type="button"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              onClick={() => void answerUnder18(false)}
            >
              {say('my48.hh.req.decline')}
            </button>
          </div>
        </section>
      )}
      <section className="stack" aria-labelledby={`filters-${ssn}`}>
        <h3 id={`filters-${ssn}`}>{say('my48.hh.ctl.filters')}</h3>
        {view.under_18 === 'accepted' && !view.can.filters && <p>{say('my48.hh.ctl.filtersTheirs')}</p>}
        <ul className="line-controls__filters">
          {view.filters.map((f) => {
            const word = networkSays(f.network, f.on);
            return (
              <li key={f.filter} className="household__invitation">
                <span>
                  {`${filterName(f.filter)}: `}
                  <strong>{say(f.on ? 'my48.hh.ctl.on' : 'my48.hh.ctl.off')}</strong>
                  {word && <span className="line-controls__network">{` · ${word}`}</span>}
                </span>
                {view.can.filters && (
                  <button
                    type="button"
                    className="btn btn--outline"
                    disabled={action.busy !== undefined}
                    onClick={() => void setFilter(f.filter, !f.on)}
                    aria-label={`${say(f.on ? 'my48.hh.ctl.switchOff' : 'my48.hh.ctl.switchOn')}: ${filterName(f.filter)}`}
                  >
                    {say(f.on ? 'my48.hh.ctl.switchOff' : 'my48.hh.ctl.switchOn')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {view.can.role && (
        <section className="stack" aria-labelledby={`under18-${ssn}`}>
          <h3 id={`under18-${ssn}`}>{say('my48.hh.state.under18')}</h3>
          <p>
            {sentence(
              say(
                view.under_18 === 'accepted'
                  ? 'my48.hh.ctl.markedWho'
                  : view.under_18 === 'asked'
                    ? 'my48.hh.ctl.waitingWho'
                    : 'my48.hh.ctl.markWho',
                { who },
              ),
            )}
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              onClick={() => void setUnder18(view.under_18 === null)}
            >
              {say(
                view.under_18 === null
                  ? 'my48.hh.ctl.mark'
                  : view.under_18 === 'asked'
                    ? 'my48.hh.ctl.withdrawAsk'
                    : 'my48.hh.ctl.unmark',
              )}
            </button>
          </div>
        </section>
      )}
      {(view.can.sharing || !view.sharing_outside) && (
        <section className="stack" aria-labelledby={`sharing-${ssn}`}>
          <h3 id={`sharing-${ssn}`}>{say('my48.hh.ctl.sharing')}</h3>
          <p>
            {sentence(say(view.sharing_outside ? 'my48.hh.ctl.sharesOutside' : 'my48.hh.ctl.sharesInside', { who }))}
          </p>
          {view.can.sharing && (
            <div className="actions">
              <button
                type="button"
                className="btn btn--outline"
                disabled={action.busy !== undefined}
                onClick={() => void setSharing(!view.sharing_outside)}
              >
                {say(
                  action.busy === 'sharing'
                    ? 'my48.hh.saving'
                    : view.sharing_outside
                      ? 'my48.hh.ctl.keepInside'
                      : 'my48.hh.ctl.letOutside',
                )}
              </button>
            </div>
          )}
        </section>
      )}
      {view.can.role && (
        <section className="stack" aria-labelledby={`role-${ssn}`}>
          <h3 id={`role-${ssn}`}>{say('my48.hh.ctl.role')}</h3>
          <p>{sentence(say(view.role === 'manager' ? 'my48.hh.ctl.isManager' : 'my48.hh.ctl.isMember', { who }))}</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              onClick={() => void setRole(view.role === 'manager' ? 'member' : 'manager')}
            >
              {say(
                action.busy === 'role'
                  ? 'my48.hh.saving'
                  : view.role === 'manager'
                    ? 'my48.hh.ctl.makeMember'
                    : 'my48.hh.ctl.makeManager',
              )}
            </button>
          </div>
        </section>
      )}
      {view.seen_by.length > 0 && (
        <section className="stack" aria-labelledby={`seen-${ssn}`}>
          <h3 id={`seen-${ssn}`}>{say('my48.hh.ctl.seen')}</h3>
          <p>
            {say('my48.hh.ctl.seenWhat', {
              people: view.seen_by.map((p) => `${p.name} (${say(`my48.hh.role.${p.role}`)})`).join(', '),
            })}
          </p>
        </section>
      )}
      <section className="stack" aria-labelledby={`history-${ssn}`}>
        <h3 id={`history-${ssn}`}>{say('my48.hh.ctl.history')}</h3>
        {view.history.length === 0 ? (
          <p>{say('my48.hh.ctl.noHistory')}</p>
        ) : (
          <ul className="line-controls__history">
            {view.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <span className="line-controls__when">{shortDate(h.at)}</span>{' '}
                {say('my48.hh.ctl.historyLine', { actor: h.actor, text: h.text })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

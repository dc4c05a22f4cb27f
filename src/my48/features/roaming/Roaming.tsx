import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { ROAMING_CAP_CHOICES } from '../../../contract/roaming.ts';
import { AlertList } from '../../components/AlertList.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $account } from '../../stores/account.ts';
import { $roamingAction, roamingAction, chooseCap, keepUsingData, loadRoaming, roaming } from './roaming-store.ts';
import { capLabel, roamingView } from './roaming-view.ts';
import './roaming.css';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { TableHead } from '../../../components/TableHead.tsx';
import { slotted } from '../../../lib/slotted.tsx';
import { say } from '../../speech.ts';

/** my48 → Roaming (docs/product/roaming.md): reached from the dashboard's roaming figure and the roaming help page. */
export default function Roaming() {
  const account = useStore($account);
  const ssn = account.sim?.ssn;
  const state = useStore(roaming.$state);
  const action = useStore($roamingAction);
  const [cap, setCap] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (ssn) void loadRoaming(ssn);
  }, [ssn]);
  useEffect(() => roamingAction.reset, []);

  if (account.status === 'no-sim') return <p>{say('my48.roam.noSim')}</p>;
  if (state.status === 'error') return <LoadFailed error={state.error} retry={() => void roaming.retry()} />;
  if (!state.data || !ssn) return <p role="status">{say('my48.roam.loading')}</p>;
  const r = state.data;
  const v = roamingView(r);
  // The table's columns, each also the label of its cell on a narrow screen.
  const country = say('my48.roam.country');
  const zone = say('my48.roam.zoneColumn');
  const data = say('my48.roam.dataColumn');
  const minutes = say('my48.roam.minutes');
  const texts = say('my48.roam.texts');
  const chosen = cap ?? String(r.cap.cap_cents);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const choice = ROAMING_CAP_CHOICES.find((c) => String(c) === chosen);
    if (choice !== undefined) void chooseCap(ssn, choice);
  };

  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="roaming-where">
        <h2 id="roaming-where">{say('my48.roam.where')}</h2>
        <p>{v.where}</p>
        <p className="field__hint">{say('my48.roam.free')}</p>
      </section>

      <section className="card stack" aria-labelledby="roaming-eu">
        <h2 id="roaming-eu">{say('my48.roam.eu')}</h2>
        <p className="tile__figure">
          {v.allowance.left} <small>{say('my48.roam.leftOf', { max: v.allowance.max })}</small>
        </p>
        <div
          role="meter"
          aria-label={say('my48.roam.meter')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={v.allowance.percentLeft}
          aria-valuetext={say('my48.roam.leftText', { left: v.allowance.left, max: v.allowance.max })}
          className="roaming-meter"
        >
          <span style={{ width: `${v.allowance.percentLeft}%` }} />
        </div>
        <p>{say('my48.roam.used', { used: v.allowance.used, source: v.allowance.source })}</p>
      </section>

      <section className="card stack" aria-labelledby="roaming-month">
        <h2 id="roaming-month">{say('my48.roam.byCountry', { month: v.monthName })}</h2>
        {v.countries.length === 0 ? (
          <p>{say('my48.roam.noUse')}</p>
        ) : (
          <div
            className="table-wrap"
            role="region"
            aria-label={say('my48.roam.tableLabel', { month: v.monthName })}
            tabIndex={0}
          >
            <table className="roaming-countries cards">
              <caption className="visually-hidden">{say('my48.roam.caption', { month: v.monthName })}</caption>
              <TableHead columns={[country, zone, data, minutes, texts]} />
              <tbody>
                {v.countries.map((c) => (
                  <tr key={c.country}>
                    <th scope="row">{c.name}</th>
                    <td data-label={zone}>{c.zone}</td>
                    <td data-label={data}>
                      <span className="roaming-bar" aria-hidden="true">
                        <span style={{ width: `${c.bar}%` }} />
                      </span>
                      {c.data}
                    </td>
                    <td data-label={minutes}>{c.minutes}</td>
                    <td data-label={texts}>{c.texts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="roaming-cap">
        <h2 id="roaming-cap">{say('my48.roam.outside')}</h2>
        <p>{say('my48.roam.outsideText', { spent: v.cap.spent })}</p>
        {v.cap.stopped && (
          <div className="stack" role="alert">
            <p>{slotted(say('my48.roam.stoppedRest'), { stopped: <strong>{say('my48.roam.stopped')}</strong> })}</p>
            {v.cap.network && <p>{v.cap.network}</p>}
            <div className="actions">
              <ActionButton
                tone="primary"
                busy={action.busy === 'continue'}
                disabled={action.busy !== undefined}
                busyLabel={say('my48.roam.goingOn')}
                onClick={() => void keepUsingData(ssn)}
              >
                {say('my48.roam.keepUsing')}
              </ActionButton>
            </div>
          </div>
        )}
        <form className="form" noValidate onSubmit={save} aria-labelledby="roaming-cap-legend">
          <fieldset>
            <legend id="roaming-cap-legend">{say('my48.roam.capLegend')}</legend>
            {ROAMING_CAP_CHOICES.map((c) => (
              <CheckField
                key={String(c)}
                id={`cap-${String(c)}`}
                type="radio"
                name="cap"
                value={String(c)}
                checked={chosen === String(c)}
                onChange={(e) => setCap(e.target.value)}
                label={capLabel(c)}
              />
            ))}
          </fieldset>
          <FormAlert>{action.error}</FormAlert>
          <FormAlert tone="success">{action.notice}</FormAlert>
          <div className="actions">
            <button
              type="submit"
              className="btn btn--outline"
              disabled={action.busy !== undefined}
              aria-busy={action.busy === 'cap'}
            >
              {action.busy === 'cap' ? say('my48.form.saving') : say('my48.roam.saveCap')}
            </button>
          </div>
        </form>
      </section>

      <section className="card stack" aria-labelledby="roaming-notices">
        <h2 id="roaming-notices">{say('my48.roam.messages')}</h2>
        <AlertList alerts={r.notices} empty={say('my48.roam.noMessages')} />
        <p>{slotted(say('my48.roam.rates'), { link: <a href="/charges/roaming">{say('my48.roam.ratesLink')}</a> })}</p>
      </section>
    </div>
  );
}

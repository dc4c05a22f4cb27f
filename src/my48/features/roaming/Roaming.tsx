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

  if (account.status === 'no-sim') return <p>You need an active SIM to roam.</p>;
  if (state.status === 'error') return <LoadFailed error={state.error} retry={() => void roaming.retry()} />;
  if (!state.data || !ssn) return <p role="status">Loading your roaming…</p>;
  const r = state.data;
  const v = roamingView(r);
  const chosen = cap ?? String(r.cap.cap_cents);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const choice = ROAMING_CAP_CHOICES.find((c) => String(c) === chosen);
    if (choice !== undefined) void chooseCap(ssn, choice);
  };

  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="roaming-where">
        <h2 id="roaming-where">Where you are</h2>
        <p>{v.where}</p>
        <p className="field__hint">Calls to 112, the emergency number, are free wherever you are.</p>
      </section>

      <section className="card stack" aria-labelledby="roaming-eu">
        <h2 id="roaming-eu">EU roaming data</h2>
        <p className="tile__figure">
          {v.allowance.left} <small>GB left of {v.allowance.max} GB</small>
        </p>
        <div
          role="meter"
          aria-label="EU roaming data left"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={v.allowance.percentLeft}
          aria-valuetext={`${v.allowance.left} GB left of ${v.allowance.max} GB`}
          className="roaming-meter"
        >
          <span style={{ width: `${v.allowance.percentLeft}%` }} />
        </div>
        <p>{`${v.allowance.used} GB used in the EU and EEA. ${v.allowance.source}`}</p>
      </section>

      <section className="card stack" aria-labelledby="roaming-month">
        <h2 id="roaming-month">{`${v.monthName} by country`}</h2>
        {v.countries.length === 0 ? (
          <p>No use abroad this month.</p>
        ) : (
          <div className="table-wrap" role="region" aria-label={`Table of use abroad in ${v.monthName}`} tabIndex={0}>
            <table className="roaming-countries cards">
              <caption className="visually-hidden">{`Use abroad in ${v.monthName}, by country`}</caption>
              <TableHead columns={['Country', 'Zone', 'Data (GB)', 'Minutes', 'Texts']} />
              <tbody>
                {v.countries.map((c) => (
                  <tr key={c.country}>
                    <th scope="row">{c.name}</th>
                    <td data-label="Zone">{c.zone}</td>
                    <td data-label="Data (GB)">
                      <span className="roaming-bar" aria-hidden="true">
                        <span style={{ width: `${c.bar}%` }} />
                      </span>
                      {c.data}
                    </td>
                    <td data-label="Minutes">{c.minutes}</td>
                    <td data-label="Texts">{c.texts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="roaming-cap">
        <h2 id="roaming-cap">Data outside the EU</h2>
        <p>{`Data outside the EU and EEA is paid from your credit. ${v.cap.spent}`}</p>
        {v.cap.stopped && (
          <div className="stack" role="alert">
            <p>
              <strong>Data abroad has stopped at your cap.</strong> Calls and texts still work.
            </p>
            {v.cap.network && <p>{v.cap.network}</p>}
            <div className="actions">
              <ActionButton
                tone="primary"
                busy={action.busy === 'continue'}
                disabled={action.busy !== undefined}
                busyLabel="Going on…"
                onClick={() => void keepUsingData(ssn)}
              >
                Keep using data abroad this month
              </ActionButton>
            </div>
          </div>
        )}
        <form className="form" noValidate onSubmit={save} aria-labelledby="roaming-cap-legend">
          <fieldset>
            <legend id="roaming-cap-legend">Monthly cap on data outside the EU (excluding VAT)</legend>
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
              {action.busy === 'cap' ? 'Saving…' : 'Save my cap'}
            </button>
          </div>
        </form>
      </section>

      <section className="card stack" aria-labelledby="roaming-notices">
        <h2 id="roaming-notices">Messages we sent you</h2>
        <AlertList alerts={r.notices} empty="No roaming messages yet." />
        <p>
          Rates outside the EU are on the <a href="/charges/roaming">roaming charges</a> page.
        </p>
      </section>
    </div>
  );
}

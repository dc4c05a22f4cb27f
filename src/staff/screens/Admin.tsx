import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ROLE_WORDS } from '../../contract/staff.ts';
import { irishDayOf } from '../../contract/irish-time.ts';
import { $said, audit, exportAudit, people } from '../console-store.ts';
import { when } from './format.ts';
import { TableHead } from '../../components/TableHead.tsx';

/** The audit log by Irish dates, whether its chain holds, and its export (CSV). */
export function AuditScreen() {
  const state = useStore(audit.$state);
  const said = useStore($said);
  const today = irishDayOf(new Date());
  const [range, setRange] = useState({ from: today, to: today });
  useEffect(() => void audit.load(range.from, range.to), [range.from, range.to]);
  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <form
        className="form card staff__range"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          setRange({ from: String(data.get('from')), to: String(data.get('to')) });
        }}
      >
        <label htmlFor="audit-from">From</label>
        <input id="audit-from" name="from" type="date" defaultValue={range.from} required />
        <label htmlFor="audit-to">To</label>
        <input id="audit-to" name="to" type="date" defaultValue={range.to} required />
        <button type="submit" className="btn btn--primary">
          Show
        </button>
        <button
          type="button"
          className="btn btn--outline"
          disabled={said.busy !== undefined}
          onClick={() => void exportAudit(range.from, range.to)}
        >
          Export as CSV
        </button>
      </form>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {state.data && (
        <>
          <p role="status" className={state.data.chain.intact ? '' : 'staff__broken'}>
            {state.data.chain.intact
              ? `The chain holds: ${state.data.chain.checked} entries checked.`
              : `The chain is broken at entry ${state.data.chain.broken_at}: a row was changed or removed.`}
          </p>
          <div className="table-wrap" role="region" aria-labelledby="audit-caption" tabIndex={0}>
            <table className="cards">
              <caption id="audit-caption">
                {state.data.entries.length} entries from {range.from} to {range.to}, oldest first
              </caption>
              <TableHead columns={['When', 'Who', 'What', 'Member', 'Why', 'Result']} />
              <tbody>
                {state.data.entries.map((a) => (
                  <tr key={a.id}>
                    <td data-label="When">{when(a.at)}</td>
                    <td data-label="Who">
                      {a.staff_name} ({ROLE_WORDS[a.staff_role]})
                    </td>
                    <td data-label="What">{a.action}</td>
                    <td data-label="Member">{a.member_id ?? ''}</td>
                    <td data-label="Why">{a.reason}</td>
                    <td data-label="Result">{a.result}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

/** The staff who signed in and the role the identity provider gave each (read only: the provider owns them). */
export function PeopleScreen() {
  const state = useStore(people.$state);
  useEffect(() => void people.load(), []);
  return (
    <>
      <h1 tabIndex={-1}>Staff</h1>
      <p>The identity provider owns the staff and their roles; this is what it said at each person’s last sign-in.</p>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {state.data && (
        <ul className="staff__list">
          {state.data.map((p) => (
            <li key={p.id}>
              {p.name} ({p.email}): {ROLE_WORDS[p.role]}, last signed in {when(p.last_sign_in_at)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $said, decide, requests } from '../console-store.ts';
import { euro, when } from './format.ts';

/** Four eyes: requests above their maker's limit, approved or declined by another person, once. */
export function RequestsScreen() {
  const state = useStore(requests.$state);
  const said = useStore($said);
  useEffect(() => void requests.load(), []);
  const waiting = state.data?.filter((r) => r.state === 'waiting') ?? [];
  const decided = state.data?.filter((r) => r.state !== 'waiting') ?? [];
  return (
    <>
      <h1 tabIndex={-1}>Requests</h1>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {!state.data ? (
        <p role="status">Loading the requests…</p>
      ) : (
        <>
          <h2>Waiting ({waiting.length})</h2>
          {waiting.length === 0 && <p className="meta">No request waits.</p>}
          <ul className="staff__queues">
            {waiting.map((r) => (
              <li key={r.id} className="card">
                <h3>
                  Request {r.id}: {r.kind === 'goodwill' ? 'goodwill' : 'a charge reversed'}, {euro(r.amount_cents)}
                </h3>
                <p>
                  For <a href={`/staff/members/${r.member_id}`}>{r.member_name}</a>, asked by {r.asked_by} on{' '}
                  {when(r.asked_at)}: “{r.reason}”. Ends {when(r.expires_at)}.
                </p>
                {r.mine ? (
                  <p className="meta">Your own request: someone else decides it.</p>
                ) : (
                  <form
                    className="staff__decide"
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault();
                      const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                      const note = String(new FormData(e.currentTarget).get('note') ?? '');
                      void decide(r.id, submitter?.value === 'decline' ? 'decline' : 'approve', note);
                    }}
                  >
                    <label htmlFor={`note-${r.id}`}>Note (optional)</label>
                    <input id={`note-${r.id}`} name="note" autoComplete="off" />
                    <button
                      type="submit"
                      name="decision"
                      value="approve"
                      className="btn btn--primary"
                      disabled={said.busy !== undefined}
                    >
                      Approve request {r.id}
                    </button>
                    <button
                      type="submit"
                      name="decision"
                      value="decline"
                      className="btn btn--outline"
                      disabled={said.busy !== undefined}
                    >
                      Decline request {r.id}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          <h2>Decided in the last 7 days</h2>
          {decided.length === 0 ? (
            <p className="meta">None.</p>
          ) : (
            <ul className="staff__list">
              {decided.map((r) => (
                <li key={r.id}>
                  Request {r.id} ({r.kind}, {euro(r.amount_cents)}, {r.member_name}): <strong>{r.state}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

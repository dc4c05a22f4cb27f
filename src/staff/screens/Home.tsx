import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $said, closeCase, queues, take } from '../console-store.ts';
import { when } from './format.ts';

/** The work queues the role works, with their counts, oldest first; an item is taken by one person at a time. */
export function Home() {
  const state = useStore(queues.$state);
  const said = useStore($said);
  useEffect(() => void queues.load(), []);
  return (
    <>
      <h1 tabIndex={-1}>Work queues</h1>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {!state.data ? (
        <p role="status">Loading the queues…</p>
      ) : state.data.length === 0 ? (
        <p>Your role works no queue. Use the screens above.</p>
      ) : (
        <ul className="staff__queues">
          {state.data.map((q) => (
            <li key={q.id} className="card">
              <h2>
                {q.title} <span className="staff__count">{q.count}</span>
              </h2>
              {q.items.length === 0 ? (
                <p className="meta">Nothing waiting.</p>
              ) : (
                <ol className="staff__items">
                  {q.items.map((i) => (
                    <li key={i.ref}>
                      <p>
                        {i.summary}
                        <br />
                        <span className="meta">
                          {when(i.at)}
                          {i.member_id !== null && (
                            <>
                              {' · '}
                              <a href={`/staff/members/${i.member_id}`}>Member {i.member_id}</a>
                            </>
                          )}
                          {i.taken_by ? ` · taken by ${i.taken_by}` : ''}
                        </span>
                      </p>
                      {q.id === 'fraud' && (
                        <CloseCase caseId={i.ref.replace('case-', '')} busy={said.busy !== undefined} />
                      )}
                      {!i.taken_by && (
                        <button
                          type="button"
                          className="btn btn--outline"
                          disabled={said.busy !== undefined}
                          onClick={() => void take(q.id, i.ref)}
                        >
                          Take <span className="visually-hidden">{i.summary}</span>
                        </button>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Closing a fraud case: the reason and the check made, then the button. */
function CloseCase({ caseId, busy }: { caseId: string; busy: boolean }) {
  return (
    <form
      className="staff__decide"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        void closeCase(caseId, { reason: String(data.get('reason') ?? ''), check: String(data.get('check') ?? '') });
      }}
    >
      <label htmlFor={`case-reason-${caseId}`}>Reason</label>
      <input id={`case-reason-${caseId}`} name="reason" autoComplete="off" required />
      <label htmlFor={`case-check-${caseId}`}>The check you made</label>
      <input id={`case-check-${caseId}`} name="check" autoComplete="off" required />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Close case {caseId}
      </button>
    </form>
  );
}

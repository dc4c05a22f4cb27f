import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $said, builds, rebuild, rollback } from '../console-store.ts';
import { when } from './format.ts';

/** The published site's builds (editors): the latest runs, a rebuild by hand, an earlier build live again. */
export function BuildsScreen() {
  const state = useStore(builds.$state);
  const said = useStore($said);
  useEffect(() => {
    void builds.load();
    // A build takes a minute or two: its state is read again every 5 seconds while it runs.
    const timer = setInterval(() => {
      if (builds.$state.get().data?.building) void builds.load();
    }, 5000);
    return () => clearInterval(timer);
  }, []);
  const busy = said.busy !== undefined;
  return (
    <>
      <h1 tabIndex={-1}>Site builds</h1>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {!state.data ? (
        <p role="status">Loading the builds…</p>
      ) : (
        <>
          <div className="card">
            <p aria-live="polite">
              {state.data.building
                ? `A build is running${state.data.queued ? ', and another follows it' : ''}.`
                : 'No build is running: the site shows the latest content published.'}
            </p>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void rebuild()}>
              Build the site again now
            </button>
          </div>
          <h2>Kept builds</h2>
          {state.data.kept.length === 0 ? (
            <p className="meta">No build of the published content is kept on this server yet.</p>
          ) : (
            <ul className="staff__list">
              {state.data.kept.map((b) => (
                <li key={b.id}>
                  {b.id}{' '}
                  {b.live ? (
                    <strong>(live)</strong>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--outline"
                      disabled={busy || state.data!.building}
                      onClick={() => void rollback(b.id)}
                    >
                      Put {b.id} live again
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h2>Latest runs</h2>
          {state.data.runs.length === 0 ? (
            <p className="meta">No build since this server started.</p>
          ) : (
            <ul className="staff__list">
              {state.data.runs.map((r) => (
                <li key={r.id}>
                  {when(r.started_at)}: {r.trigger}, <strong>{r.result ?? 'running'}</strong>
                  {r.duration_ms !== null ? ` in ${Math.round(r.duration_ms / 1000)} s` : ''}
                  {r.error && <pre className="staff__error">{r.error}</pre>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

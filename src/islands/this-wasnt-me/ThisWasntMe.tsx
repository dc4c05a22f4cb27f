import { useStore } from '@nanostores/react';
import { useEffect, type SubmitEvent } from 'react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { $wasntMe, readLink, reportChange } from './this-wasnt-me-store.ts';

const WAY_BACK =
  'To use your line again once it is safe: log in, then my48 → Lost SIM → Unblock, with a code we e-mail you.';

/**
 * The page a "this wasn't me" mail or push opens: what changed, and one button that stops the line.
 * It needs no password (the member may have lost their phone, or their account): the link is the proof.
 */
export default function ThisWasntMe() {
  const hydrated = useHydrated();
  const state = useStore($wasntMe);
  useEffect(() => {
    if (hydrated) void readLink(location.hash);
  }, [hydrated]);

  if (state.status === 'reading')
    return (
      <div className="card form" aria-busy="true">
        <p role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Checking your link…
        </p>
      </div>
    );

  if (state.status === 'gone')
    return (
      <div className="card form">
        <FormAlert>{state.message}</FormAlert>
        <a className="btn btn--primary" href="/log-in">
          Log in to my48
        </a>
      </div>
    );

  if (state.status === 'reported') {
    const { report } = state;
    return (
      <section className="card form" aria-labelledby="reported-title">
        <h2 id="reported-title" className="form__title">
          {report.line_blocked ? 'Your line is blocked' : 'We have told our fraud team'}
        </h2>
        <FormAlert tone="success">{report.message}</FormAlert>
        <p>{report.change.what}</p>
        <p>
          Your fraud case is <strong>{report.reference}</strong>. We have e-mailed you what we did.
        </p>
        <p>
          {report.line_blocked
            ? WAY_BACK
            : 'Our fraud team will ask the network that took your number to give it back.'}
        </p>
        <a className="btn" href="/log-in">
          Log in to my48
        </a>
      </section>
    );
  }

  const { change } = state;
  const gone = change.kind === 'portedOut';
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void reportChange();
  };
  return (
    <FormCard id="wasnt-me-title" title={change.title} onSubmit={onSubmit}>
      <p>{change.what}</p>
      <p>If this was you, there is nothing to do: you can close this page.</p>
      <p>
        {gone
          ? "If it wasn't you, tell us now: our fraud team will act on it, and every device is signed out of my48."
          : "If it wasn't you, someone may be taking your number. Block it now: the network stops the line, every device is signed out of my48, and our fraud team contacts you."}
      </p>
      <FormAlert>{state.error}</FormAlert>
      <SubmitButton busy={state.status === 'busy'} busyLabel={gone ? 'Telling our fraud team…' : 'Blocking your line…'}>
        {gone ? "This wasn't me: report it" : "This wasn't me: block my line"}
      </SubmitButton>
    </FormCard>
  );
}

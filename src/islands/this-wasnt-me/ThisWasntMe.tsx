import { useStore } from '@nanostores/react';
import { useEffect, type SubmitEvent } from 'react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { $wasntMe, readLink, reportChange } from './this-wasnt-me-store.ts';
import { $wasntMeWords, type WasntMeWords } from './this-wasnt-me-words.ts';
import { slotted } from '../../lib/slotted.tsx';

/**
 * The page a "this wasn't me" mail or push opens, in the member's language (the link is to the page
 * in it, and the server says the change in it): what changed, and one button that stops the line.
 * It needs no password (the member may have lost their phone, or their account): the link is the proof.
 */
export default function ThisWasntMe({ words, links }: { words: WasntMeWords; links: { logIn: string } }) {
  // The store, reading the link, speaks with the same words.
  if ($wasntMeWords.get() !== words) $wasntMeWords.set(words);
  const hydrated = useHydrated();
  const state = useStore($wasntMe);
  useEffect(() => {
    if (hydrated) void readLink(location.hash);
  }, [hydrated]);

  if (state.status === 'reading')
    return (
      <div className="card form" aria-busy="true">
        <p role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {words['wasntMe.checking']}
        </p>
      </div>
    );

  if (state.status === 'gone')
    return (
      <div className="card form">
        <FormAlert>{state.message}</FormAlert>
        <a className="btn btn--primary" href={links.logIn}>
          {words['wasntMe.logIn']}
        </a>
      </div>
    );

  if (state.status === 'reported') {
    const { report } = state;
    return (
      <section className="card form" aria-labelledby="reported-title">
        <h2 id="reported-title" className="form__title">
          {words[report.line_blocked ? 'wasntMe.blockedTitle' : 'wasntMe.toldTitle']}
        </h2>
        <FormAlert tone="success">{report.message}</FormAlert>
        <p>{report.change.what}</p>
        <p>{slotted(words['wasntMe.case'], { reference: <strong>{report.reference}</strong> })}</p>
        <p>{words[report.line_blocked ? 'wasntMe.wayBack' : 'wasntMe.askBack']}</p>
        <a className="btn" href={links.logIn}>
          {words['wasntMe.logIn']}
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
      <p>{words['wasntMe.ifYou']}</p>
      <p>{words[gone ? 'wasntMe.ifGone' : 'wasntMe.ifTaking']}</p>
      <FormAlert>{state.error}</FormAlert>
      <SubmitButton busy={state.status === 'busy'} busyLabel={words[gone ? 'wasntMe.telling' : 'wasntMe.blocking']}>
        {words[gone ? 'wasntMe.report' : 'wasntMe.block']}
      </SubmitButton>
    </FormCard>
  );
}

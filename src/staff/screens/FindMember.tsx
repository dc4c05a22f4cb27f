import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { found } from '../console-store.ts';

/** Find a member by number (any format), e-mail, SIM serial or name: names and numbers only until a reason is given. */
export function FindMember() {
  const state = useStore(found.$state);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (q.length < 2) return setError('Enter a number, an e-mail address, a SIM serial or a name.');
    setError(undefined);
    void found.load(q);
  };
  return (
    <>
      <h1 tabIndex={-1}>Find a member</h1>
      <form className="form card" role="search" noValidate onSubmit={submit}>
        <label htmlFor="staff-q">Number, e-mail address, SIM serial or name</label>
        <input
          id="staff-q"
          name="q"
          type="search"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'staff-q-error' : undefined}
        />
        {error && (
          <p className="field__error" id="staff-q-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? 'Finding…' : 'Find'}
        </button>
      </form>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {state.data && (
        <section aria-labelledby="found-title">
          <h2 id="found-title" aria-live="polite">
            {state.data.length === 0 ? 'No member found' : `${state.data.length} found`}
          </h2>
          <ul className="staff__found">
            {state.data.map((m) => (
              <li key={m.member_id}>
                <a href={`/staff/members/${m.member_id}`}>
                  {m.name}{' '}
                  <span className="meta">
                    ({m.email}
                    {m.numbers.length ? `, ${m.numbers.join(', ')}` : ''})
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

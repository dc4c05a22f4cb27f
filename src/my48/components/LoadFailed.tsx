import { say } from '../speech.ts';

/**
 * A read that failed (stores/loader.ts): its message and, when trying again may help (no answer, or
 * the server or a service behind it failed; not a refusal), a way to without reloading the page.
 */
export function LoadFailed({
  error,
  retry,
}: {
  error: string | undefined;
  /** Left out when the failure was a refusal that another try would only repeat. */
  retry?: (() => void) | undefined;
}) {
  return (
    <div className="stack">
      <p className="alert alert--error" role="alert">
        {error}
      </p>
      {retry && (
        <p>
          <button type="button" className="btn btn--outline" onClick={retry}>
            {say('my48.tryAgain')}
          </button>
        </p>
      )}
    </div>
  );
}

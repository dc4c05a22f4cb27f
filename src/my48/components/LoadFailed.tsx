/** A read that failed (stores/loader.ts): its message, and a way to try again without reloading the page. */
export function LoadFailed({ error, retry }: { error: string | undefined; retry: () => void }) {
  return (
    <div className="stack">
      <p className="alert alert--error" role="alert">
        {error}
      </p>
      <p>
        <button type="button" className="btn btn--outline" onClick={retry}>
          Try again
        </button>
      </p>
    </div>
  );
}

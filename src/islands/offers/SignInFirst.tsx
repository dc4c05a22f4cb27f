/** What an offer shows a visitor who is not signed in: log in (they come back here after) or join. */
export function SignInFirst({ title, children }: { title: string; children: string }) {
  return (
    <section className="card stack" aria-labelledby="offer-login">
      <h2 id="offer-login">{title}</h2>
      <p>{children}</p>
      <div className="actions">
        <a className="btn btn--primary" href="/log-in">Log in</a>
        <a className="btn btn--outline" href="/sign-up">Join 48</a>
      </div>
    </section>
  );
}

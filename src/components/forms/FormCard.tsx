import type { ReactNode, SubmitEventHandler } from 'react';

/**
 * An island's form as a card: titled by its heading (the form's accessible name), posted if it is
 * ever sent without a script (fields never go in the address), checked by the island, not the browser.
 */
export function FormCard({
  id,
  title,
  onSubmit,
  children,
}: {
  id: string;
  title: ReactNode;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form className="form card" method="post" noValidate onSubmit={onSubmit} aria-labelledby={id}>
      <h2 id={id} className="form__title">
        {title}
      </h2>
      {children}
    </form>
  );
}

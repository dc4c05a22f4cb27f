import { useHydrated } from '../../lib/use-hydrated.ts';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface Common {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its hint and its error, both read out with the field (aria-describedby). */
export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  ...select
}: Common & { options: readonly string[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...select}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o || 'Choose…'}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message about the whole form; role=alert so it is announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  if (!children) return null;
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  // A form in the build's HTML must not submit itself before its island takes over: the browser
  // would send the fields (a password) in the URL. A disabled default button also stops Enter.
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn--primary btn--block" disabled={busy || !hydrated} aria-busy={busy}>
      {busy && <span className="spinner spinner--small" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}

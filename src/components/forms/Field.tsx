import { useEarlySubmit, useHydrated } from '../../lib/use-hydrated.ts';
import {
  useId,
  useRef,
  type InputHTMLAttributes,
  type RefObject,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export interface Common {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The label, hint and error around a control, both read out with it (aria-describedby). */
function Labelled({
  label,
  error,
  hint,
  control,
}: Omit<Common, 'name'> & { control: (id: string, described: string | undefined) => ReactNode }) {
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
      {control(id, described)}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** A labelled input with its hint and its error. */
export function Field({
  label,
  name,
  error,
  hint,
  ref: given,
  ...input
}: Common & InputProps & { ref?: RefObject<HTMLInputElement | null> }) {
  const own = useRef<HTMLInputElement>(null);
  const ref = given ?? own;
  useEarlySubmit(ref);
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      control={(id, described) => (
        <input
          ref={ref}
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
        />
      )}
    />
  );
}

/** A labelled text area (a message, a reason) with its hint and its error. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      control={(id, described) => (
        <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...area} />
      )}
    />
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  choose = 'Choose…',
  named,
  ...select
}: Common & {
  options: readonly string[];
  /** The empty option's words, in the page's language. */
  choose?: string;
  /** An option's words where they are not its value (its value in another language). */
  named?: Readonly<Record<string, string>>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      control={(id, described) => (
        <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...select}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o ? (named?.[o] ?? o) : choose}
            </option>
          ))}
        </select>
      )}
    />
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
  // Live in the build's HTML too: a submit before the island takes over is held by BaseLayout's
  // first script and made again once it has (useEarlySubmit), never sent by the browser itself.
  // Hydrated, the form marks the page settled: the CSS that keeps a build's screen unseen until
  // the island knows whose it is (data-wait, a sign-up still verifying) lets go (useHydrated).
  useHydrated();
  return (
    <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner spinner--small" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}

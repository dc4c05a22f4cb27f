import { useEarlySubmit, useHydrated } from '../../lib/use-hydrated.ts';
import { useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface Common {
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

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** A labelled input with its hint and its error. */
export function Field({ label, name, error, hint, ...input }: Common & InputProps) {
  const ref = useRef<HTMLInputElement>(null);
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

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  ...select
}: Common & { options: readonly string[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      control={(id, described) => (
        <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...select}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o || 'Choose…'}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A form's field errors by field name, as the form stores keep them. */
type FieldErrors = Readonly<Record<string, string | undefined>>;

const PASSWORD_DEFAULTS = {
  current: { label: 'Password', name: 'password', hint: undefined },
  new: { label: 'New password', name: 'password', hint: 'At least 10 characters, with a letter and a digit.' },
  again: { label: 'New password again', name: 'confirm', hint: undefined },
} as const;

/**
 * A password: the member's current one (to show it is them), a new one (the rule as its hint) or
 * the new one again; the browser's password manager is told which. Required unless said otherwise.
 */
export function PasswordField({
  kind,
  fields,
  label = PASSWORD_DEFAULTS[kind].label,
  name = PASSWORD_DEFAULTS[kind].name,
  hint = PASSWORD_DEFAULTS[kind].hint,
  required = true,
  ...input
}: { kind: keyof typeof PASSWORD_DEFAULTS; fields: FieldErrors } & Partial<Common> & Omit<InputProps, 'type'>) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      required={required}
      hint={hint}
      error={fields[name]}
      {...input}
    />
  );
}

/** A printed code (a voucher, a presale code): as typed, in capitals, never spell-checked or filled in. */
export function CodeField({
  fields,
  label,
  name = 'code',
  ...input
}: { fields: FieldErrors; label: string } & Partial<Common> & InputProps) {
  return (
    <Field
      label={label}
      name={name}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      required
      error={fields[name]}
      {...input}
    />
  );
}

/** An e-mail address, required, that the browser may fill in. */
export function EmailField({
  fields,
  label = 'E-mail address',
  name = 'email',
  ...input
}: { fields: FieldErrors } & Partial<Common> & Omit<InputProps, 'type'>) {
  return <Field label={label} name={name} type="email" autoComplete="email" required error={fields[name]} {...input} />;
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

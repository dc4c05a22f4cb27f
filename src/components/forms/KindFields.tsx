import { Field, type Common, type InputProps } from './Field.tsx';

/*
 * Fields of a kind, over Field: a module of their own, so a page whose forms use none of them does
 * not carry them (the shared Field chunk is on every form page).
 */

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

/**
 * A code we sent (by e-mail or text), one way everywhere: on a number pad, offered by the phone from
 * the message it came in (one-time-code), at most `length` digits when the code has a length.
 * Required unless said otherwise.
 */
export function SentCodeField({
  fields,
  label,
  name = 'code',
  length,
  required = true,
  ...input
}: { fields: FieldErrors; label: string; length?: number } & Partial<Common> &
  Omit<InputProps, 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return (
    <Field
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...(length ? { maxLength: length } : {})}
      required={required}
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

import type { InputHTMLAttributes, ReactNode } from 'react';

/** A check box or a radio button with its label beside it. */
export function CheckField({
  id,
  label,
  ...input
}: { id: string; label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div className="field field--check">
      <input id={id} {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

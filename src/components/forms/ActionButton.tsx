import type { ReactNode } from 'react';

/**
 * A button that starts an action of its own (not a form's submit): disabled and marked busy while
 * the action runs, saying meanwhile what it does (busyLabel) where that is not already its label.
 */
export function ActionButton({
  busy = false,
  busyLabel,
  disabled = false,
  tone = 'outline',
  onClick,
  children,
}: {
  busy?: boolean;
  busyLabel?: string;
  /** Disabled for another reason too (another action of the screen is running). */
  disabled?: boolean;
  tone?: 'primary' | 'outline';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`btn btn--${tone}`} disabled={busy || disabled} aria-busy={busy} onClick={onClick}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

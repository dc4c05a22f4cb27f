import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog (the native <dialog>: focus moves in and stays, Escape closes). Used for the
 * confirmations and popups of spec section 8 (auto-renew on and off).
 */
export function Dialog({
  title,
  children,
  actions,
  onClose,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="dialog card" aria-labelledby={id} onClose={onClose}>
      <h2 id={id}>{title}</h2>
      <div className="stack">{children}</div>
      <div className="actions">{actions}</div>
    </dialog>
  );
}

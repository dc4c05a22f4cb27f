import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

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
  const mounted = useRef(false);
  const id = useId();
  // A layout effect: its clean-up runs while the dialog is still in the page, so closing it gives
  // the focus back to what opened it (removed first, the focus would fall to the page's start).
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    mounted.current = true;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      mounted.current = false;
      dialog?.close();
      if (opener instanceof HTMLElement && opener.isConnected && !dialog?.contains(document.activeElement))
        opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog card"
      aria-labelledby={id}
      // Escape: the state closes it (and so unmounts it). Left to the browser, the dialog would be
      // shut at once but its close event would come a task later: a click on the opener in between
      // would find the state still open, change nothing, and then lose the dialog to that late event.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Any other way it closes (none of ours) still tells the state; never after it unmounted.
      onClose={() => {
        if (mounted.current) onClose();
      }}
    >
      <h2 id={id}>{title}</h2>
      <div className="stack">{children}</div>
      <div className="actions">{actions}</div>
    </dialog>
  );
}

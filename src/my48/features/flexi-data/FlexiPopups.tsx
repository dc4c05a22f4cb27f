import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { $flexiAction, $pending, cancel, closeDone, confirmPending, confirmText } from './flexi-data-store.ts';

/** The popups: confirmation before anything that cannot be undone, and the outcome (carryover: the follow-up). */
export function Popups() {
  const pending = useStore($pending);
  const { done } = useStore($flexiAction);
  if (pending) {
    const text = confirmText(pending);
    return (
      <Dialog
        title={text.title}
        onClose={cancel}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => void confirmPending()}>
              {text.yes}
            </button>
            <button type="button" className="btn btn--outline" onClick={cancel}>
              Cancel
            </button>
          </>
        }
      >
        <p>{text.body}</p>
      </Dialog>
    );
  }
  if (!done) return null;
  if (done.action === 'carryover' && done.needsMembershipBy) {
    return (
      <Dialog
        title="Carried over"
        onClose={closeDone}
        actions={
          <>
            <a className="btn btn--primary" href="/my48/memberships" onClick={closeDone}>
              Buy Membership
            </a>
            <a className="btn btn--outline" href="/my48" onClick={closeDone}>
              Ok
            </a>
          </>
        }
      >
        <p>{done.message}</p>
        <p>{`To keep your carried-over data you need a membership by ${shortDate(done.needsMembershipBy)}: buy your next membership or turn on auto-renew before then, or the data is lost.`}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="Done"
      onClose={closeDone}
      actions={
        <button type="button" className="btn btn--primary" onClick={closeDone}>
          Ok
        </button>
      }
    >
      <p>{done.message}</p>
    </Dialog>
  );
}

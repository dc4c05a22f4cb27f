import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { $flexiAction, $pending, cancel, closeDone, confirmPending, confirmText } from './flexi-data-store.ts';
import { say } from '../../speech.ts';

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
              {say('my48.cancel')}
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
        title={say('my48.fx.carriedTitle')}
        onClose={closeDone}
        actions={
          <>
            <a className="btn btn--primary" href="/my48/memberships" onClick={closeDone}>
              {say('my48.fx.buyMembership')}
            </a>
            <a className="btn btn--outline" href="/my48" onClick={closeDone}>
              {say('my48.fx.okay')}
            </a>
          </>
        }
      >
        <p>{done.message}</p>
        <p>{say('my48.fx.needsMembership', { date: shortDate(done.needsMembershipBy) })}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={say('my48.done')}
      onClose={closeDone}
      actions={
        <button type="button" className="btn btn--primary" onClick={closeDone}>
          {say('my48.fx.okay')}
        </button>
      }
    >
      <p>{done.message}</p>
    </Dialog>
  );
}

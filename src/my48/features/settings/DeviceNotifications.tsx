import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { $push, BLOCKED, loadPush, sendTestPush, switchPush } from './push-store.ts';

/** Settings → alerts → "Notifications on this device" (docs/product/phone.md): the switch and the test button. */
export function DeviceNotifications() {
  const push = useStore($push);
  useEffect(() => void loadPush(), []);
  return (
    <section className="card stack" aria-labelledby="device-notes-title">
      <h3 id="device-notes-title">On this device</h3>
      {push.status === 'loading' && (
        <p role="status" className="loading-line">
          Checking this device…
        </p>
      )}
      {push.status === 'unsupported' && (
        <p>
          This browser cannot show notifications from 48. On an iPhone, add 48 to your home screen first (Share → Add to
          Home Screen), then open it from there.
        </p>
      )}
      {push.status === 'unavailable' && <p>Notifications are not available right now. Please try again later.</p>}
      {push.status === 'ready' && (
        <>
          <p>Get your alerts as notifications on this phone or computer, even when my48 is closed.</p>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={push.on}
              disabled={push.busy}
              onChange={(event) => void switchPush(event.currentTarget.checked)}
            />
            <span>Notifications on this device</span>
          </label>
          {/* Blocked before the member even tries (the browser's own setting): said up front. */}
          {push.blocked && !push.on && !push.error && <p className="field__hint">{BLOCKED}</p>}
          <FormAlert>{push.error}</FormAlert>
          {push.notice && <FormAlert tone="success">{push.notice}</FormAlert>}
          <div className="actions">
            <ActionButton busy={push.busy} onClick={() => void sendTestPush()}>
              Send a test notification
            </ActionButton>
          </div>
        </>
      )}
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { $push, blocked, loadPush, sendTestPush, switchPush } from './push-store.ts';
import { say } from '../../speech.ts';

/** Settings → alerts → "Notifications on this device" (docs/product/phone.md): the switch and the test button. */
export function DeviceNotifications() {
  const push = useStore($push);
  useEffect(() => void loadPush(), []);
  return (
    <section className="card stack" aria-labelledby="device-notes-title">
      <h3 id="device-notes-title">{say('my48.alr.device.title')}</h3>
      {push.status === 'loading' && (
        <p role="status" className="loading-line">
          {say('my48.alr.device.checking')}
        </p>
      )}
      {push.status === 'unsupported' && <p>{say('my48.alr.device.unsupported')}</p>}
      {push.status === 'unavailable' && <p>{say('my48.alr.device.unavailable')}</p>}
      {push.status === 'ready' && (
        <>
          <p>{say('my48.alr.device.intro')}</p>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={push.on}
              disabled={push.busy}
              onChange={(event) => void switchPush(event.currentTarget.checked)}
            />
            <span>{say('my48.alr.device.switch')}</span>
          </label>
          {/* Blocked before the member even tries (the browser's own setting): said up front. */}
          {push.blocked && !push.on && !push.error && <p className="field__hint">{blocked()}</p>}
          <FormAlert>{push.error}</FormAlert>
          {push.notice && <FormAlert tone="success">{push.notice}</FormAlert>}
          <div className="actions">
            <ActionButton busy={push.busy} onClick={() => void sendTestPush()}>
              {say('my48.alr.device.test')}
            </ActionButton>
          </div>
        </>
      )}
    </section>
  );
}

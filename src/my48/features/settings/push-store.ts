import { map } from 'nanostores';
import { pushApi, pushFailures } from '../../../contract/push.schema.ts';
import { call, errorMessage, ShownError } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { say } from '../../speech.ts';

/**
 * "Notifications on this device" in settings → alerts (docs/product/phone.md): the switch subscribes this
 * browser with the server's VAPID key and keeps the subscription on the server (off: both go), and
 * the test button sends one notification to every device of the member.
 */
export interface PushState {
  status: 'loading' | 'unsupported' | 'unavailable' | 'ready';
  on: boolean;
  busy: boolean;
  /** The browser refuses notifications for the site (its own setting). */
  blocked: boolean;
  error?: string | undefined;
  notice?: string | undefined;
}

export const $push = map<PushState>({ status: 'loading', on: false, busy: false, blocked: false });
let publicKey: string | undefined;

const supported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The worker the my48 app registered (none: no subscription can be made or found). */
const registration = async () => (await navigator.serviceWorker.getRegistration('/')) ?? undefined;

export async function loadPush(): Promise<void> {
  if (!supported()) return $push.set({ status: 'unsupported', on: false, busy: false, blocked: false });
  $push.set({ status: 'loading', on: false, busy: false, blocked: false });
  try {
    const { _payload } = await call(pushApi.state, { params: memberParams() });
    publicKey = _payload.public_key ?? undefined;
    if (!publicKey) return $push.set({ status: 'unavailable', on: false, busy: false, blocked: false });
    const subscription = await (await registration())?.pushManager.getSubscription();
    // The browser's subscription counts only when the server has it for this session: one left by an
    // earlier session (another member on a shared device) is ended here, and the switch shows off.
    if (subscription && !_payload.this_device) await subscription.unsubscribe().catch(() => false);
    $push.set({
      status: 'ready',
      on: Boolean(subscription) && _payload.this_device,
      busy: false,
      blocked: Notification.permission === 'denied',
    });
  } catch (error) {
    $push.set({ status: 'ready', on: false, busy: false, blocked: false, error: errorMessage(error) });
  }
}

/** The browser refuses notifications for the site: only its own settings can change that. */
export const blocked = () => say('my48.alr.device.blocked');

export async function switchPush(on: boolean): Promise<void> {
  $push.set({ ...$push.get(), busy: true, error: undefined, notice: undefined });
  const worker = await registration();
  try {
    if (on) {
      if (!worker || !publicKey) throw new ShownError(pushFailures.notSetUp.message);
      const permission = await Notification.requestPermission();
      if (permission !== 'granted')
        return $push.set({ ...$push.get(), busy: false, blocked: permission === 'denied', error: blocked() });
      const subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      try {
        await call(pushApi.subscribe, { params: memberParams(), body: { endpoint: json.endpoint, keys: json.keys } });
      } catch (error) {
        // Not kept on the server: the browser's subscription goes too, so the switch tells the truth.
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
      $push.set({
        ...$push.get(),
        busy: false,
        on: true,
        blocked: false,
        notice: say('my48.alr.device.on'),
      });
    } else {
      const subscription = await worker?.pushManager.getSubscription();
      if (subscription) {
        await call(pushApi.unsubscribe, { params: memberParams(), body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      $push.set({ ...$push.get(), busy: false, on: false, notice: say('my48.alr.device.off') });
    }
  } catch (error) {
    $push.set({
      ...$push.get(),
      busy: false,
      error: errorMessage(error, say('my48.alr.device.failed')),
    });
  }
}

export async function sendTestPush(): Promise<void> {
  $push.set({ ...$push.get(), busy: true, error: undefined, notice: undefined });
  try {
    const { _payload } = await call(pushApi.test, { params: memberParams() });
    $push.set({ ...$push.get(), busy: false, notice: _payload.message });
  } catch (error) {
    $push.set({ ...$push.get(), busy: false, error: errorMessage(error) });
  }
}

import { forgetMemberCopies } from './offline-names.ts';

/**
 * When a session ends on this device (log-out, a 401, account deletion) or a new one starts (a
 * log-in), the device keeps nothing of the member: the worker's copies of their figures go, and so
 * does the browser's push subscription (phone.md; a subscription belongs to the session that made
 * it, which the server ends with the session), so the next person on a shared device neither sees
 * the last balance offline nor gets its notifications, and finds the switch off.
 */
export async function forgetMemberOnDevice(): Promise<void> {
  await forgetMemberCopies();
  try {
    const registration = await globalThis.navigator?.serviceWorker?.getRegistration('/');
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    /* no worker or no push here: nothing to end */
  }
}

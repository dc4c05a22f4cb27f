import { forgetMemberCopies, type ForgetMessage } from './offline-names.ts';

/** How long the page waits for the worker to say nothing of the member can be written any more. */
const WORKER_ANSWER_MS = 1_000;

/**
 * When a session ends on this device (log-out, a 401, account deletion) or a new one starts (a
 * log-in), the device keeps nothing of the member: the worker is told first (a read still on its way
 * is then never kept), the copies of their figures go, and so does the browser's push subscription
 * (docs/product/phone.md; a subscription belongs to the session that made it, which the server ends with the
 * session), so the next person on a shared device neither sees the last balance offline nor gets
 * its notifications, and finds the switch off.
 */
export async function forgetMemberOnDevice(): Promise<void> {
  await tellWorker();
  await forgetMemberCopies();
  try {
    const registration = await globalThis.navigator?.serviceWorker?.getRegistration('/');
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    /* no worker or no push here: nothing to end */
  }
}

async function tellWorker(): Promise<void> {
  const worker = globalThis.navigator?.serviceWorker?.controller;
  if (!worker) return;
  const channel = new MessageChannel();
  const answered = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
    setTimeout(resolve, WORKER_ANSWER_MS);
  });
  worker.postMessage({ type: 'forget' } satisfies ForgetMessage, [channel.port2]);
  await answered;
}

import { FetchError } from 'ofetch';
import { affiliateInfoRoute } from '../../contract/recruit.calls.ts';
import { call } from '../../lib/http.ts';
import { writeStorage } from '../../lib/storage.ts';
import { lazyForm } from '../../stores/lazy-form.ts';
import { $friend } from './friend-state.ts';
export { $friend } from './friend-state.ts';

// Typed by its endpoint, without the schema library; the order's rule and calls load on submit (friend-actions.ts).

const AFFILIATE = /^[A-Za-z0-9]{6,32}$/;

/**
 * Reads ?affiliateId=, asks who it is (nickname only), and keeps the link for sign-up and log-in
 * (localStorage recruiterURL and refferedUser, spec section 3).
 */
export async function loadFriend(search: string, path: string): Promise<void> {
  const affiliateId = new URLSearchParams(search).get('affiliateId') ?? '';
  if (!AFFILIATE.test(affiliateId)) return $friend.set({ status: 'unknown' });
  try {
    const { _payload } = await call(affiliateInfoRoute, { query: { affiliateId } });
    writeStorage('recruiterURL', `${path}${search}`);
    writeStorage('refferedUser', affiliateId);
    $friend.set({ status: 'known', affiliateId, nickname: _payload.nickname });
  } catch (error) {
    if (!(error instanceof FetchError) || error.status !== 404) console.warn('affiliate lookup failed', error);
    $friend.set({ status: 'unknown' });
  }
}

/** The mates-rates order (friend-actions.ts). */
export const matesRatesOrder = lazyForm('Ordering your SIM…', () =>
  import('./friend-actions.ts').then((m) => m.matesRatesOrder),
);

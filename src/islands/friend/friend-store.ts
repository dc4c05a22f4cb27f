import Cookies from 'js-cookie';
import { map } from 'nanostores';
import { FetchError } from 'ofetch';
import { ADDRESS_LABELS } from '../../contract/forms.ts';
import { KICKBACK_SKU, keepsKickbackCookies, MatesRatesForm, recruitApi } from '../../contract/recruit.ts';
import { cookieAttributes } from '../../lib/auth-code.ts';
import { lookUpConnection } from '../../lib/connection.ts';
import { call } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { getSessionCookie, setSessionCookie } from '../../lib/session-cookies.ts';
import { writeStorage } from '../../lib/storage.ts';
import { formStore } from '../../stores/form.ts';

/** Who sent the visitor: the recruit link's affiliate id and the recruiter's nickname (none for an unknown link). */
export const $friend = map<{ status: 'loading' | 'known' | 'unknown'; affiliateId?: string | undefined; nickname?: string | undefined }>({ status: 'loading' });

const AFFILIATE = /^[A-Za-z0-9]{6,32}$/;

/**
 * Reads ?affiliateId=, asks who it is (nickname only), and keeps the link for sign-up and log-in
 * (localStorage recruiterURL and refferedUser, spec section 3).
 */
export async function loadFriend(search: string, path: string): Promise<void> {
  const affiliateId = new URLSearchParams(search).get('affiliateId') ?? '';
  if (!AFFILIATE.test(affiliateId)) return $friend.set({ status: 'unknown' });
  try {
    const { _payload } = await call(recruitApi.affiliateInfo, { query: { affiliateId } });
    writeStorage('recruiterURL', `${path}${search}`);
    writeStorage('refferedUser', affiliateId);
    $friend.set({ status: 'known', affiliateId, nickname: _payload.nickname });
  } catch (error) {
    if (!(error instanceof FetchError) || error.status !== 404) console.warn('affiliate lookup failed', error);
    $friend.set({ status: 'unknown' });
  }
}

/**
 * The customer's (IP) address for the mates-rates order, kept in the encrypted ugi cookie (spec section
 * 3): read from it, else learnt once from the geolocation lookup (which answers the address it saw).
 * Undefined when the lookup fails: the server then records the address the order comes from.
 */
export async function customerAddress(): Promise<string | undefined> {
  const kept = getSessionCookie('ugi');
  if (kept) return kept;
  try {
    const ip = (await lookUpConnection()).traits.ip_address;
    if (!ip) return undefined;
    setSessionCookie('ugi', ip);
    return ip;
  } catch {
    return undefined;
  }
}

/** The mates-rates order: with the sku and the customer's address from ugi, sent with the recruit link; rrfriend and the kick-back cookies set. */
export const matesRatesOrder = formStore({
  schema: MatesRatesForm.omit({ affiliateId: true }),
  labels: ADDRESS_LABELS,
  busyLabel: 'Ordering your SIM…',
  pageLoader: true,
  send: async (body) => {
    const { affiliateId, nickname } = $friend.get();
    const ip = await customerAddress();
    const { _payload } = await call(recruitApi.matesRates, { params: memberParams(), body: { ...body, sku: KICKBACK_SKU, ...(ip ? { ip } : {}), ...(affiliateId ? { affiliateId } : {}) } });
    setSessionCookie('rrfriend', JSON.stringify({ firstname: body.firstname, lastname: body.lastname, nickname: body.firstname, recruiter: nickname ?? _payload.recruiter }));
    // Kick-back SIMs with a requester other than '2' (a recruiter) keep the recruiter id and the SIM type.
    if (keepsKickbackCookies(_payload.order.sku, _payload.requester)) {
      Cookies.set('recruiterId', affiliateId ?? '', cookieAttributes());
      Cookies.set('simType', _payload.order.sku.slice(-1), cookieAttributes());
    }
    localStorage.removeItem('recruiterURL');
    return _payload;
  },
  fallbackError: 'Your order could not be placed. Please try again.',
});

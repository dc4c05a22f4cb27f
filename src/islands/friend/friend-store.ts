import Cookies from 'js-cookie';
import { map } from 'nanostores';
import { FetchError } from 'ofetch';
import { ADDRESS_LABELS } from '../../contract/forms.ts';
import { MatesRatesForm, recruitApi } from '../../contract/recruit.ts';
import { cookieAttributes } from '../../lib/auth-code.ts';
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

const ADDRESS_FIELDS = Object.keys(ADDRESS_LABELS);

/** The address kept in the encrypted ugi cookie (spec section 3) while the member is signed in, to fill the form again. */
export function savedAddress(): Record<string, string> {
  try {
    const raw = getSessionCookie('ugi');
    return raw ? (JSON.parse(raw) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The mates-rates order: the address kept in ugi, the order sent with the recruit link; rrfriend and the kick-back cookies set. */
export const matesRatesOrder = formStore({
  schema: MatesRatesForm.omit({ affiliateId: true }),
  labels: ADDRESS_LABELS,
  busyLabel: 'Ordering your SIM…',
  pageLoader: true,
  send: async (body) => {
    setSessionCookie('ugi', JSON.stringify(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String((body as Record<string, unknown>)[f] ?? '')]))));
    const { affiliateId, nickname } = $friend.get();
    const { _payload } = await call(recruitApi.matesRates, { params: memberParams(), body: { ...body, ...(affiliateId ? { affiliateId } : {}) } });
    setSessionCookie('rrfriend', JSON.stringify({ firstname: body.firstname, lastname: body.lastname, nickname: body.firstname, recruiter: nickname ?? _payload.recruiter }));
    // Kick-back SIMs ordered by a member (requester other than '2') keep the recruiter id and the SIM type.
    Cookies.set('recruiterId', affiliateId ?? '', cookieAttributes());
    Cookies.set('simType', _payload.order.sku.slice(-1), cookieAttributes());
    localStorage.removeItem('recruiterURL');
    return _payload;
  },
  fallbackError: 'Your order could not be placed. Please try again.',
});

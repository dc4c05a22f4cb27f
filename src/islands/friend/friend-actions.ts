import Cookies from 'js-cookie';
import { ADDRESS_LABELS } from '../../contract/forms.schema.ts';
import { keepsKickbackCookies, MatesRatesForm, recruitApi } from '../../contract/recruit.schema.ts';
import { KICKBACK_SKU } from '../../contract/recruit.ts';
import { cookieAttributes } from '../../lib/auth-code.ts';
import { lookUpConnection } from '../../lib/connection.ts';
import { call } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { getSessionCookie, setSessionCookie } from '../../lib/session-cookies.ts';
import { formOptions } from '../../stores/form.ts';
import { $friend } from './friend-state.ts';

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
export const matesRatesOrder = formOptions({
  schema: MatesRatesForm.omit({ affiliateId: true }),
  labels: ADDRESS_LABELS,
  busyLabel: 'Ordering your SIM…',
  pageLoader: true,
  send: async (body) => {
    const { affiliateId, nickname } = $friend.get();
    const ip = await customerAddress();
    const { _payload } = await call(recruitApi.matesRates, {
      params: memberParams(),
      body: { ...body, sku: KICKBACK_SKU, ...(ip ? { ip } : {}), ...(affiliateId ? { affiliateId } : {}) },
    });
    setSessionCookie(
      'rrfriend',
      JSON.stringify({
        firstname: body.firstname,
        lastname: body.lastname,
        nickname: body.firstname,
        recruiter: nickname ?? _payload.recruiter,
      }),
    );
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

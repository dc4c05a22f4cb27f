import type { GeolocationAnswer } from '../contract/coverage.ts';
import { geolocationRoute } from '../contract/coverage.calls.ts';
import { authCode } from './auth-code.ts';
import { call } from './http.ts';

/**
 * Where the visitor's connection is (the geolocation lookup of spec section 7). For a signed-in
 * member the answer of the real service is kept for the session in the encrypted ugl cookie (spec
 * section 3), so "Use my location" and the mates-rates order ask the outside service once a visit;
 * a sandbox's answer is never kept (the sandbox page changes it at will). The cookie code loads only
 * for a signed-in member.
 */
export async function lookUpConnection(): Promise<GeolocationAnswer> {
  const cookies = authCode() ? await import('./session-cookies.ts') : undefined;
  const kept = cookies?.getSessionCookie('ugl');
  if (kept) {
    try {
      return JSON.parse(kept) as GeolocationAnswer;
    } catch {
      /* not ours: ask again */
    }
  }
  const { _payload } = await call(geolocationRoute);
  if (cookies && !_payload.sandbox) {
    const { country, city, location, postal, traits } = _payload;
    cookies.setSessionCookie('ugl', JSON.stringify({ country, city, location, postal, subdivisions: [], traits }));
  }
  return _payload;
}

import { atom, map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import { offersRoutes as routes } from '../../contract/offers.calls.ts';
import type { offersApi } from '../../contract/offers.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import type { Locale } from '../../contract/i18n/locales.ts';
// The member's id needs the session cookies' cryptography: loaded only for a member (a visitor sees SignInFirst).
import { memberParamsLater as memberParams } from '../../lib/member-params-later.ts';

/* The offers' shared state and reads. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

type Promotions = Answer<typeof offersApi.promotions>['_payload'];
type MemberOffers = Answer<typeof offersApi.memberOffers>['_payload'];

/** The dated offers today, and (signed in) what the member has claimed. */
export const $offers = map<{ promotions?: Promotions; mine?: MemberOffers; error?: string }>({});

/** The language the page says the offers in: kept for a reload after a claim. */
let pageLanguage: Locale | undefined;

export async function loadOffers(signedIn: boolean, language: Locale | undefined = pageLanguage): Promise<void> {
  pageLanguage = language;
  try {
    const [promotions, mine] = await Promise.all([
      call(routes.promotions, language ? { query: { language } } : {}),
      signedIn ? call(routes.memberOffers, { params: await memberParams() }) : undefined,
    ]);
    $offers.set({ promotions: promotions._payload, ...(mine ? { mine: mine._payload } : {}) });
  } catch (error) {
    $offers.set({ error: errorMessage(error, 'The offers could not be loaded. Please try again.') });
  }
}

/** Student offer: the college address the code went to (step 2 shows it). */
export const $studentEmail = atom<string | null>(null);

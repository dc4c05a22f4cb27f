import { map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import { referralsRoute } from '../../contract/referrals.calls.ts';
import type { referralsApi } from '../../contract/referrals.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
// The member's id needs the session cookies' cryptography: loaded only for a member (a visitor sees SignInFirst).
import { memberParamsLater as memberParams } from '../../lib/member-params-later.ts';

/* The member's referrals. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

type Referrals = Answer<typeof referralsApi.list>['_payload'];
// Typed by its endpoint, without the schema library (island pages load no zod).

/** The member's referrals and today's campaign. */
export const $referrals = map<{ data?: Referrals | undefined; error?: string | undefined }>({});

/** What the page says when they could not be loaded and the API said nothing (the page's words, kept for a reload after an invitation). */
let failedWords = 'Your referrals could not be loaded. Please try again.';

export async function loadReferrals(failed = failedWords): Promise<void> {
  failedWords = failed;
  try {
    $referrals.set({ data: (await call(referralsRoute, { params: await memberParams() }))._payload });
  } catch (error) {
    $referrals.set({ error: errorMessage(error, failed) });
  }
}

import { atom, map } from 'nanostores';
import { route, type Answer } from '../../contract/endpoint.ts';
import type { offersApi } from '../../contract/offers.ts';
import type { CampaignSlug } from '../../contract/offers-constants.ts';
import { call, errorMessage } from '../../lib/http.ts';
// The member's id needs the session cookies' cryptography: loaded only for a member (a visitor sees SignInFirst).
import { memberParamsLater as memberParams } from '../../lib/member-params-later.ts';
import { lazyForm } from '../../stores/lazy-form.ts';

// Typed by their endpoints, without the schema library (issue 27: island pages load no zod); the
// forms' rules and calls load on submit (offers-actions.ts).
const routes = {
  promotions: route<typeof offersApi.promotions>('get', '/panda/public/offers'),
  memberOffers: route<typeof offersApi.memberOffers>('get', '/panda/protected/users/{user_id}/offers'),
  campaignDetails: route<typeof offersApi.campaignDetails>('get', '/panda/protected/users/{user_id}/campaign-details'),
  joinCampaign: route<typeof offersApi.joinCampaign>('post', '/panda/protected/users/{user_id}/campaign'),
};

type Promotions = Answer<typeof offersApi.promotions>['_payload'];
type MemberOffers = Answer<typeof offersApi.memberOffers>['_payload'];
type Voucher = Answer<typeof offersApi.campaignDetails>['_payload'];

/** The dated offers today, and (signed in) what the member has claimed. */
export const $offers = map<{ promotions?: Promotions; mine?: MemberOffers; error?: string }>({});

export async function loadOffers(signedIn: boolean): Promise<void> {
  try {
    const [promotions, mine] = await Promise.all([
      call(routes.promotions),
      signedIn ? call(routes.memberOffers, { params: await memberParams() }) : undefined,
    ]);
    $offers.set({ promotions: promotions._payload, ...(mine ? { mine: mine._payload } : {}) });
  } catch (error) {
    $offers.set({ error: errorMessage(error, 'The offers could not be loaded. Please try again.') });
  }
}

/** Student offer, step 1: the code to the college address; step 2: the code back. */
export const $studentEmail = atom<string | null>(null);
export const studentCodeForm = lazyForm('Sending your code…', () =>
  import('./offers-actions.ts').then((m) => m.studentCodeForm),
);
export const studentApplyForm = lazyForm('Checking your code…', () =>
  import('./offers-actions.ts').then((m) => m.studentApplyForm),
);

/** A partner campaign: the member's voucher, shown again on return. */
export const $voucher = map<{ data?: Voucher; error?: string; busy?: boolean }>({});
export async function loadVoucher(campaign: CampaignSlug): Promise<void> {
  try {
    $voucher.set({
      data: (await call(routes.campaignDetails, { params: await memberParams(), query: { token: campaign } }))._payload,
    });
  } catch (error) {
    $voucher.set({ error: errorMessage(error, 'Your voucher could not be loaded. Please try again.') });
  }
}
export async function claimVoucher(campaign: CampaignSlug): Promise<void> {
  $voucher.set({ ...$voucher.get(), busy: true });
  try {
    const params = await memberParams();
    $voucher.set({
      data: (await call(routes.joinCampaign, { params, body: { user_id: params.user_id, campaign } }))._payload,
    });
  } catch (error) {
    $voucher.set({
      ...$voucher.get(),
      busy: false,
      error: errorMessage(error, 'Your voucher could not be claimed. Please try again.'),
    });
  }
}

/** feelsmug: the code from the cup, for a goody bag. */
export const feelsmugForm = lazyForm('Checking your code…', () =>
  import('./offers-actions.ts').then((m) => m.feelsmugForm),
);

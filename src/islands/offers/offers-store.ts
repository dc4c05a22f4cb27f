import { atom, map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import { FeelsmugForm, offersApi, StudentApplyForm, StudentCodeForm, type CampaignSlug } from '../../contract/offers.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { formStore } from '../../stores/form.ts';

type Promotions = Answer<typeof offersApi.promotions>['_payload'];
type MemberOffers = Answer<typeof offersApi.memberOffers>['_payload'];
type Voucher = Answer<typeof offersApi.campaignDetails>['_payload'];

/** The dated offers today, and (signed in) what the member has claimed. */
export const $offers = map<{ promotions?: Promotions; mine?: MemberOffers; error?: string }>({});

export async function loadOffers(signedIn: boolean): Promise<void> {
  try {
    const [promotions, mine] = await Promise.all([call(offersApi.promotions), signedIn ? call(offersApi.memberOffers, { params: memberParams() }) : undefined]);
    $offers.set({ promotions: promotions._payload, ...(mine ? { mine: mine._payload } : {}) });
  } catch (error) {
    $offers.set({ error: errorMessage(error, 'The offers could not be loaded. Please try again.') });
  }
}

/** Student offer, step 1: the code to the college address; step 2: the code back. */
export const $studentEmail = atom<string | null>(null);
export const studentCodeForm = formStore({
  schema: StudentCodeForm,
  labels: { email: 'College e-mail address' },
  busyLabel: 'Sending your code…',
  send: async (body) => {
    const { _payload } = await call(offersApi.studentCode, { params: memberParams(), body });
    $studentEmail.set(_payload.sent_to);
    return _payload;
  },
});
export const studentApplyForm = formStore({
  schema: StudentApplyForm,
  labels: { code: 'Code from the e-mail' },
  busyLabel: 'Checking your code…',
  send: async (body) => {
    const { _payload } = await call(offersApi.applyStudent, { params: memberParams(), body });
    void loadOffers(true);
    return _payload;
  },
});

/** A partner campaign: the member's voucher, shown again on return. */
export const $voucher = map<{ data?: Voucher; error?: string; busy?: boolean }>({});
export async function loadVoucher(campaign: CampaignSlug): Promise<void> {
  try {
    $voucher.set({ data: (await call(offersApi.campaignDetails, { params: memberParams(), query: { token: campaign } }))._payload });
  } catch (error) {
    $voucher.set({ error: errorMessage(error, 'Your voucher could not be loaded. Please try again.') });
  }
}
export async function claimVoucher(campaign: CampaignSlug): Promise<void> {
  $voucher.set({ ...$voucher.get(), busy: true });
  try {
    const params = memberParams();
    $voucher.set({ data: (await call(offersApi.joinCampaign, { params, body: { user_id: params.user_id, campaign } }))._payload });
  } catch (error) {
    $voucher.set({ ...$voucher.get(), busy: false, error: errorMessage(error, 'Your voucher could not be claimed. Please try again.') });
  }
}

/** feelsmug: the code from the cup, for a goody bag. */
export const feelsmugForm = formStore({
  schema: FeelsmugForm,
  labels: { code: 'Code from your cup' },
  busyLabel: 'Checking your code…',
  send: async (body) => (await call(offersApi.feelsmug, { params: memberParams(), body }))._payload,
});

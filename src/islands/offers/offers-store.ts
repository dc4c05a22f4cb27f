import { map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import type { offersApi } from '../../contract/offers.schema.ts';
import type { CampaignSlug } from '../../contract/offers.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { memberParamsLater as memberParams } from '../../lib/member-params-later.ts';
import { lazyForm } from '../../stores/lazy-form.ts';
import { offersRoutes as routes } from '../../contract/offers.calls.ts';
export { $offers, $studentEmail, loadOffers } from './offers-state.ts';

type Voucher = Answer<typeof offersApi.campaignDetails>['_payload'];

/** Student offer, step 1: the code to the college address; step 2: the code back. */
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

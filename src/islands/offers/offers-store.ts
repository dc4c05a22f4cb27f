import { map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import type { offersApi } from '../../contract/offers.schema.ts';
import type { CampaignSlug } from '../../contract/offers.ts';
import { call, refusalIn } from '../../lib/http.ts';
import { memberParamsLater as memberParams } from '../../lib/member-params-later.ts';
import { lazyForm } from '../../stores/lazy-form.ts';
import { offersRoutes as routes } from '../../contract/offers.calls.ts';
export { $offers, $studentEmail, loadOffers } from './offers-state.ts';

type Voucher = Answer<typeof offersApi.campaignDetails>['_payload'];
type VoucherWords = Readonly<Record<string, string>> & {
  'campaign.loadFailed': string;
  'campaign.claimFailed': string;
};

/** Student offer, step 1: the code to the college address; step 2: the code back. */
export const studentCodeForm = lazyForm('Sending your code…', () =>
  import('./offers-actions.ts').then((m) => m.studentCodeForm),
);
export const studentApplyForm = lazyForm('Checking your code…', () =>
  import('./offers-actions.ts').then((m) => m.studentApplyForm),
);

/** A partner campaign: the member's voucher, shown again on return. */
export const $voucher = map<{ data?: Voucher; error?: string; busy?: boolean }>({});
/** `words`: the page's, a refusal found among them by its code (`error.<code>`), and the failures' own. */
export async function loadVoucher(campaign: CampaignSlug, words: VoucherWords): Promise<void> {
  try {
    $voucher.set({
      data: (await call(routes.campaignDetails, { params: await memberParams(), query: { token: campaign } }))._payload,
    });
  } catch (error) {
    $voucher.set({ error: refusalIn(words, error, words['campaign.loadFailed']) });
  }
}
export async function claimVoucher(campaign: CampaignSlug, words: VoucherWords): Promise<void> {
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
      error: refusalIn(words, error, words['campaign.claimFailed']),
    });
  }
}

/** feelsmug: the code from the cup, for a goody bag. */
export const feelsmugForm = lazyForm('Checking your code…', () =>
  import('./offers-actions.ts').then((m) => m.feelsmugForm),
);

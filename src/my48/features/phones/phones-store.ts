import { map } from 'nanostores';
import type { Product } from '../../../contract/catalogue.ts';
import { recruitApi } from '../../../contract/recruit.schema.ts';
import { listProducts } from '../../../lib/catalogue.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { requestOf, type PhoneChoices } from './choices.ts';

/** The whole catalogue, a page at a time, for the member's filters and sort; the member's affiliate id for the shop links. */
export const $phones = map<{
  list: Product[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  choices: PhoneChoices;
  affiliateId: string | null;
}>({
  list: [],
  hasMore: false,
  loading: true,
  failed: false,
  choices: { category: '', brand: '', grade: '', sort: 'popularity' },
  affiliateId: null,
});

export async function loadPhones(choices: PhoneChoices = $phones.get().choices): Promise<void> {
  $phones.set({ ...$phones.get(), choices, loading: true, list: [], hasMore: false, failed: false });
  const page = await listProducts(requestOf(choices));
  // A newer choice may have been made meanwhile: only the latest one's answer is shown.
  if ($phones.get().choices !== choices) return;
  $phones.set({ ...$phones.get(), list: page.products, hasMore: page.has_more, failed: page.failed, loading: false });
}

export async function loadMore(): Promise<void> {
  const state = $phones.get();
  const last = state.list.at(-1);
  if (!last || state.loading) return;
  $phones.setKey('loading', true);
  const page = await listProducts(requestOf(state.choices, last.id));
  if ($phones.get().choices !== state.choices) return;
  $phones.set({
    ...$phones.get(),
    list: [...$phones.get().list, ...page.products],
    hasMore: page.has_more,
    failed: page.failed,
    loading: false,
  });
}

export async function loadAffiliateId(): Promise<void> {
  try {
    $phones.setKey(
      'affiliateId',
      (await call(recruitApi.affiliateId, { params: memberParams() }))._payload.affiliateId,
    );
  } catch {
    // Without it the shop links still work; the partner just can't credit the member.
  }
}

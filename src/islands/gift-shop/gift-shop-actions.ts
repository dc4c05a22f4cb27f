import { z } from '../../contract/zod.ts';
import { giftShopApi } from '../../contract/gift-shop.schema.ts';
import { GIFT_KINDS } from '../../contract/gift-shop.ts';
import { emailRule } from '../../contract/forms.schema.ts';
import { call, errorMessage, newIdempotencyKey } from '../../lib/http.ts';
import { formOptions } from '../../stores/form.ts';
import { localUrl } from '../../contract/i18n/routes.ts';
import { localeOfPath } from '../../contract/i18n/locales.ts';
import { $giftOffers, $recipient } from './gift-shop-state.ts';
import { $giftShopSpeech } from './gift-shop-words.ts';

/** What the gift shop does when the visitor sends a step (loaded then: gift-shop-store.ts). */

async function loadGiftOffers(): Promise<void> {
  if ($giftOffers.get().offers) return;
  try {
    $giftOffers.set({ offers: (await call(giftShopApi.offers))._payload });
  } catch (error) {
    const words = $giftShopSpeech.get()?.words;
    $giftOffers.set({
      error: errorMessage(error, words?.['gift.loadFailed'] ?? 'The gift shop could not be loaded. Please try again.'),
    });
  }
}

/** Step 1: the number and the kind of gift, checked by the server (spec section 5's messages). */
export const numberForm = formOptions({
  schema: z.object({
    msisdn: z.string().trim().min(1, { error: 'msisdn is required' }),
    gift: z.enum(GIFT_KINDS, { error: 'Choose a membership or a top-up.' }),
  }),
  labels: { msisdn: 'Their 48 number' },
  busyLabel: 'Checking the number…',
  send: async (body) => {
    // The offers of step 2 come while the server checks the number.
    const offers = loadGiftOffers();
    await call(giftShopApi.check, { body });
    await offers;
    $recipient.set(body);
    return body;
  },
});

/** Step 2: the membership or the amount, and where to send the receipt; then the card payment. */
export const giftForm = formOptions({
  schema: z.object({
    choice: z.string({ error: 'Choose what to give.' }).min(1, { error: 'Choose what to give.' }),
    buyer_email: emailRule('buyer_email'),
  }),
  labels: { buyer_email: 'Your e-mail address', choice: 'Your choice' },
  busyLabel: 'Opening the secure payment page…',
  send: async ({ choice, buyer_email }) => {
    const to = $recipient.get();
    if (!to) throw new Error('Enter the number first.');
    // The receipt is written in this page's language.
    const language = localeOfPath(location.pathname);
    const body =
      to.gift === 'membership'
        ? { gift: 'membership' as const, msisdn: to.msisdn, sku: choice, buyer_email, language }
        : { gift: 'credit' as const, msisdn: to.msisdn, amount_cents: Number(choice) as 500, buyer_email, language };
    const { _payload } = await call(giftShopApi.order, { body, idempotencyKey: newIdempotencyKey() });
    // The payment page in this page's language.
    location.assign(localUrl(language, _payload.url));
    return _payload.checkout_id;
  },
});

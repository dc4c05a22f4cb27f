import type { Answer } from '../../../contract/endpoint.ts';
import { offersApi, PresaleForm } from '../../../contract/offers.schema.ts';
import { call } from '../../../lib/http.ts';
import { shortDate } from '../../../lib/format.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { actionStore } from '../../../stores/action.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { formSpeech, locale, say } from '../../speech.ts';

type Promotions = Answer<typeof offersApi.promotions>['_payload'];
type MemberOffers = Answer<typeof offersApi.memberOffers>['_payload'];

/**
 * /my48/offers: the dated offers, what the member has claimed, and the presale code read the
 * spec's way (is one associated? then which).
 */
export interface MyOffers {
  promotions: Promotions;
  mine: MemberOffers;
  presaleCode: string | null;
}

export const myOffers = loader<MyOffers>(
  async () => {
    const params = memberParams();
    const [promotions, mine, associated] = await Promise.all([
      call(offersApi.promotions, { query: { language: locale() } }),
      call(offersApi.memberOffers, { params }),
      call(offersApi.presaleAssociated, { params }),
    ]);
    const presaleCode = associated._payload.associated
      ? (await call(offersApi.presaleCode, { params }))._payload.code
      : null;
    return { promotions: promotions._payload, mine: mine._payload, presaleCode };
  },
  () => say('my48.off.loadFailed'),
);

export const loadMyOffers = () => myOffers.load();

/** Claiming the free month: an action beside the read, in the one action cycle (stores/action.ts). */
export const claim = actionStore<'claim'>();

/** One month free: the server decides whether today is inside the window and whether it was claimed. */
export const claimFreeMonth = () =>
  claim.run(
    'claim',
    async () => {
      const bag = (await call(offersApi.applyFreeAllowance, { params: memberParams() }))._payload.goody_bag;
      void loadMyOffers();
      return say('my48.off.claimed', { bag: bag.name, date: shortDate(bag.expires_at) });
    },
    say('my48.off.claimFailed'),
  );

/** The presale form's words in the page's language: its field, its rules said whole, its busy line. */
export const speakPresaleForm = () =>
  presaleForm.speak(
    formSpeech(
      { code: 'my48.off.presale' },
      { 'Enter the presale code.': 'my48.off.enterCode', 'That is not a presale code.': 'my48.off.notCode' },
      'my48.off.checking',
    ),
  );

export const presaleForm = formStore({
  schema: PresaleForm,
  labels: { code: 'Presale code' },
  busyLabel: 'Checking your code…',
  send: async (body) => {
    const { _payload } = await call(offersApi.setPresaleCode, { params: memberParams(), body });
    const shown = myOffers.$state.get().data;
    if (shown) myOffers.$state.setKey('data', { ...shown, presaleCode: _payload.code });
    return _payload;
  },
});

import type { Answer } from '../../../contract/endpoint.ts';
import { FRIEND_ADDRESS_LABELS } from '../../../contract/forms.schema.ts';
import { recruitApi, SendFreeSimForm } from '../../../contract/recruit.schema.ts';
import { call, errorCode, errorMessage } from '../../../lib/http.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { formSpeech, say } from '../../speech.ts';
import { addressWordsOf, type AddressKeys } from '../../address-words.ts';

type Rewards = Answer<typeof recruitApi.kickbackCredit>['_payload'];
type Limits = Answer<typeof recruitApi.simLimits>['_payload'];

/** What the recruit page shows: the member's link, the reward, today's free SIMs (or the no-active-SIM refusal). */
export interface RecruitDetails {
  affiliateId: string;
  rewards: Rewards;
  limits?: Limits | undefined;
  limitsRefusal?: string | undefined;
  limitsRefusalCode?: string | undefined;
}

export const recruit = loader<RecruitDetails>(
  async () => {
    const params = memberParams();
    const [link, rewards] = await Promise.all([
      call(recruitApi.affiliateId, { params }),
      call(recruitApi.kickbackCredit, { params }),
    ]);
    try {
      return {
        affiliateId: link._payload.affiliateId,
        rewards: rewards._payload,
        limits: (await call(recruitApi.simLimits, { params }))._payload,
      };
    } catch (error) {
      // The server decides: without an active SIM it refuses with the spec's message (shown as a state, not a failure).
      return {
        affiliateId: link._payload.affiliateId,
        rewards: rewards._payload,
        limitsRefusal: errorMessage(error),
        limitsRefusalCode: errorCode(error),
      };
    }
  },
  () => say('my48.rec.loadFailed'),
);

export const loadRecruit = () => recruit.load();

/** The recruit link as a friend opens it. */
export const recruitLink = (affiliateId: string) =>
  `${location.origin}/friend?affiliateId=${encodeURIComponent(affiliateId)}`;

/** Send free SIM: the spec's form body (fixed fields by the contract's defaults), with a page loader while it is sent. */
/** The friend's address fields, each with its words' key. */
const FIELDS: AddressKeys = {
  firstname: 'my48.rec.field.firstname',
  lastname: 'my48.rec.field.lastname',
  s_line1: 'my48.rec.field.s_line1',
  s_line2: 'my48.rec.field.s_line2',
  s_city: 'my48.rec.field.s_city',
  s_county: 'my48.rec.field.s_county',
  s_postcode: 'my48.rec.field.s_postcode',
};

/** The address's words in the page's language, for its fields (AddressFields). */
export const addressWords = () => addressWordsOf(FIELDS, 'my48.rec.optional', 'my48.rec.choose');

/** The send form's words in the page's language: its fields, its rules (a few its own), its busy line. */
export const speakSendForm = () =>
  sendForm.speak(
    formSpeech(
      FIELDS,
      {
        ' must be at most 80 characters': 'my48.rec.rule.max80',
        ' must be a county of Ireland': 'my48.rec.rule.county',
        'Enter an Eircode like D02 X285, or leave it empty.': 'my48.rec.rule.eircode',
      },
      'my48.rec.sending',
    ),
  );

export const sendForm = formStore({
  schema: SendFreeSimForm.omit({ user_id: true }),
  labels: FRIEND_ADDRESS_LABELS,
  busyLabel: "Sending your friend's SIM…",
  pageLoader: true,
  send: async (body) => {
    const answer = (await call(recruitApi.sendFreeSim, { body: { ...body, user_id: currentUserId() ?? '' } }))._payload;
    // The counts on the page follow (left today, the friend in the list).
    void loadRecruit();
    return answer;
  },
});

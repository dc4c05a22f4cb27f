import type { Answer } from '../../../contract/endpoint.ts';
import { FRIEND_ADDRESS_LABELS } from '../../../contract/forms.schema.ts';
import { recruitApi, SendFreeSimForm } from '../../../contract/recruit.schema.ts';
import { call, errorCode, errorMessage } from '../../../lib/http.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';

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

export const recruit = loader<RecruitDetails>(async () => {
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
}, 'Your recruit details could not be loaded. Please try again.');

export const loadRecruit = () => recruit.load();

/** The recruit link as a friend opens it. */
export const recruitLink = (affiliateId: string) =>
  `${location.origin}/friend?affiliateId=${encodeURIComponent(affiliateId)}`;

/** Send free SIM: the spec's form body (fixed fields by the contract's defaults), with a page loader while it is sent. */
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

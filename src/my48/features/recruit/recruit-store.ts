import { map } from 'nanostores';
import type { Answer } from '../../../contract/endpoint.ts';
import { FRIEND_ADDRESS_LABELS } from '../../../contract/forms.ts';
import { recruitApi, SendFreeSimForm } from '../../../contract/recruit.ts';
import { call, errorCode, errorMessage } from '../../../lib/http.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';

type Rewards = Answer<typeof recruitApi.kickbackCredit>['_payload'];
type Limits = Answer<typeof recruitApi.simLimits>['_payload'];

/** The recruit page: the member's link, the reward, today's free SIMs (or the no-active-SIM refusal). */
export const $recruit = map<{
  affiliateId?: string | undefined;
  rewards?: Rewards | undefined;
  limits?: Limits | undefined;
  limitsRefusal?: string | undefined;
  limitsRefusalCode?: string | undefined;
  error?: string | undefined;
}>({});

export async function loadRecruit(): Promise<void> {
  const params = memberParams();
  try {
    const [link, rewards] = await Promise.all([
      call(recruitApi.affiliateId, { params }),
      call(recruitApi.kickbackCredit, { params }),
    ]);
    let limits: Limits | undefined;
    let limitsRefusal: string | undefined;
    let limitsRefusalCode: string | undefined;
    try {
      limits = (await call(recruitApi.simLimits, { params }))._payload;
    } catch (error) {
      // The server decides: without an active SIM it refuses with the spec's message.
      limitsRefusal = errorMessage(error);
      limitsRefusalCode = errorCode(error);
    }
    $recruit.set({
      affiliateId: link._payload.affiliateId,
      rewards: rewards._payload,
      limits,
      limitsRefusal,
      limitsRefusalCode,
    });
  } catch (error) {
    $recruit.set({ error: errorMessage(error, 'Your recruit details could not be loaded. Please try again.') });
  }
}

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

import { map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import { ReferFriendForm, referralsApi } from '../../contract/referrals.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { formStore } from '../../stores/form.ts';

type Referrals = Answer<typeof referralsApi.list>['_payload'];

/** The member's referrals and today's campaign. */
export const $referrals = map<{ data?: Referrals | undefined; error?: string | undefined }>({});

export async function loadReferrals(): Promise<void> {
  try {
    $referrals.set({ data: (await call(referralsApi.list, { params: memberParams() }))._payload });
  } catch (error) {
    $referrals.set({ error: errorMessage(error, 'Your referrals could not be loaded. Please try again.') });
  }
}

/** Refer a friend: the referral service's refusal comes back as its own message. */
export const referForm = formStore({
  schema: ReferFriendForm,
  labels: { friend_first_name: "Friend's first name", friend_last_name: "Friend's last name", friend_email: "Friend's e-mail address" },
  busyLabel: 'Sending your invitation…',
  send: async (body) => {
    const { _payload } = await call(referralsApi.refer, { params: memberParams(), body });
    void loadReferrals();
    return _payload;
  },
});

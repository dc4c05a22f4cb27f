import { ReferFriendForm, referralsApi } from '../../contract/referrals.schema.ts';
import { call } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { formOptions } from '../../stores/form.ts';
import { loadReferrals } from './refer-state.ts';

/** Refer a friend: the referral service's refusal comes back as its own message. */
export const referForm = formOptions({
  schema: ReferFriendForm,
  labels: {
    friend_first_name: "Friend's first name",
    friend_last_name: "Friend's last name",
    friend_email: "Friend's e-mail address",
  },
  busyLabel: 'Sending your invitation…',
  send: async (body) => {
    const { _payload } = await call(referralsApi.refer, { params: memberParams(), body });
    void loadReferrals();
    return _payload;
  },
});

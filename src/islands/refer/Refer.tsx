import { SignInFirst } from '../../components/member/SignInFirst.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { EASTER_CAMPAIGN } from '../../contract/referrals.ts';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField } from '../../components/forms/KindFields.tsx';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { shortDate } from '../../lib/format.ts';
import { $referrals, loadReferrals, referForm } from './refer-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';

const STATUS = {
  registered: 'Invited',
  signed_up: 'Joined 48',
  ordered: 'Ordered a SIM',
  confirmed: 'Bought a membership: reward confirmed',
  failed: 'Order cancelled',
} as const;

/** /refer: invite a friend by e-mail through the referral service; the member's referrals and the campaign running today. */
export default function Refer() {
  const signedIn = useSignedIn();
  const { data, error } = useStore($referrals);
  const form = useStore(referForm.$state);
  useEffect(() => {
    if (signedIn) void loadReferrals();
    return referForm.reset;
  }, [signedIn]);
  if (!signedIn) {
    return (
      <SignInFirst title="Refer a friend from your account">
        Log in to invite friends by e-mail and follow your referrals.
      </SignInFirst>
    );
  }
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        {error}
      </div>
    );
  if (!data)
    return (
      <p role="status" className="loading-line">
        Loading your referrals…
      </p>
    );
  return (
    <div className="stack">
      <p className="alert alert--info">
        {data.campaign_slug === EASTER_CAMPAIGN
          ? 'The Easter referral campaign is on now.'
          : 'Our refer-a-friend campaign is on.'}{' '}
        {`(campaign ${data.campaign_slug})`}
      </p>
      <FormCard id="refer-title" title="Invite a friend" onSubmit={referForm.onSubmit}>
        <p>We e-mail your friend an invitation. When they join and buy a first membership, you are rewarded.</p>
        {form.result && <FormAlert tone="success">{`Invitation sent to ${form.result.friend_name}.`}</FormAlert>}
        <FormAlert>{form.error}</FormAlert>
        <div className="form__row">
          <Field
            label="Friend's first name"
            name="friend_first_name"
            autoComplete="off"
            required
            error={form.fields['friend_first_name']}
          />
          <Field
            label="Friend's last name"
            name="friend_last_name"
            autoComplete="off"
            required
            error={form.fields['friend_last_name']}
          />
        </div>
        <EmailField label="Friend's e-mail address" name="friend_email" autoComplete="off" fields={form.fields} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          Send invitation
        </SubmitButton>
      </FormCard>
      <section className="card stack" aria-labelledby="referrals-title">
        <h2 id="referrals-title">Your referrals</h2>
        {data.values.length === 0 ? (
          <p>No referrals yet.</p>
        ) : (
          <ul className="plain stack">
            {data.values.map((r) => (
              <li
                key={r.friend_email}
              >{`${r.friend_name} (${r.friend_email}), ${shortDate(r.created_at)}: ${STATUS[r.status]}`}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

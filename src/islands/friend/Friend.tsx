import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { AddressFields } from '../../components/forms/AddressFields.tsx';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { $friend, loadFriend, matesRatesOrder } from './friend-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

/**
 * Mates rates (/friend?affiliateId=…): who invited the visitor, then sign up or log in (the link
 * is kept), then, signed in, the mates-rates SIM to the member's address. An unknown link shows
 * the page as it is, with no name.
 */
export default function Friend() {
  const friend = useStore($friend);
  const signedIn = useSignedIn();
  const { busy, busyLabel, error, fields, result } = useStore(matesRatesOrder.$state);
  useEffect(() => {
    void loadFriend(location.search, location.pathname);
  }, []);
  if (friend.status === 'loading')
    return (
      <p role="status" className="loading-line">
        Loading…
      </p>
    );
  if (friend.status === 'unknown') return null;
  const name = friend.nickname ?? '';

  if (!signedIn) {
    return (
      <section className="card stack" aria-labelledby="invite-title">
        <h2 id="invite-title">{`${name} invited you to 48`}</h2>
        <p>{`Join with ${name}'s link and order your mates-rates SIM: it's free. When you activate it and buy your first membership, ${name} gets a reward too.`}</p>
        <LinkActions
          links={[
            { href: '/sign-up', label: `Join with ${name}'s link` },
            { href: '/log-in', label: 'I have an account: log in' },
          ]}
        />
      </section>
    );
  }

  if (result) {
    return (
      <section className="card stack" aria-labelledby="ordered-title">
        <h2 id="ordered-title" tabIndex={-1} ref={(el) => el?.focus()}>
          Your mates-rates SIM is on its way
        </h2>
        <p>{`We'll post it to ${result.order.s_line1}, ${result.order.s_city} within one working day. Activate it when it arrives, then buy your first membership: ${result.recruiter} gets their reward.`}</p>
        <LinkActions
          links={[
            { href: '/activate-sim', label: 'Activate a SIM' },
            { href: '/orders', label: 'See your orders' },
          ]}
        />
      </section>
    );
  }

  return (
    <FormCard id="mates-title" title={`Your mates-rates SIM, from ${name}`} onSubmit={matesRatesOrder.onSubmit}>
      <p>Where should we post it? Free delivery anywhere in Ireland.</p>
      <FormAlert>{error}</FormAlert>
      <AddressFields errors={fields} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Order my mates-rates SIM
      </SubmitButton>
    </FormCard>
  );
}

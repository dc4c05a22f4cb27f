import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { AddressFields } from '../../components/forms/AddressFields.tsx';
import { addressFieldWords, addressLabels } from '../../components/forms/address-words.ts';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { $friend, loadFriend, matesRatesOrder } from './friend-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { fill } from '../../contract/i18n/fill.ts';
import type { FriendWords } from './friend-words.ts';

/**
 * Mates rates (/friend?affiliateId=…), in the page's language: who invited the visitor, then sign up or log in (the link
 * is kept), then, signed in, the mates-rates SIM to the member's address. An unknown link shows
 * the page as it is, with no name.
 */
export default function Friend({
  words,
  rules,
  links,
}: {
  words: FriendWords;
  /** The rules' words in the page's language, by their English. */
  rules: Readonly<Record<string, string>>;
  /** The pages it leads to, in the page's language. */
  links: { signUp: string; logIn: string; activate: string; orders: string };
}) {
  const labels = addressLabels(words);
  matesRatesOrder.speak({
    labels,
    rules,
    busyLabel: words['friend.ordering'],
    unavailable: words['form.unavailable'],
    words,
    failed: words['friend.orderFailed'],
  });
  const friend = useStore($friend);
  const signedIn = useSignedIn();
  const { busy, busyLabel, error, fields, result } = useStore(matesRatesOrder.$state);
  useEffect(() => {
    void loadFriend(location.search, location.pathname);
  }, []);
  if (friend.status === 'loading')
    return (
      <p role="status" className="loading-line">
        {words['friend.loading']}
      </p>
    );
  if (friend.status === 'unknown') return null;
  const name = friend.nickname ?? '';

  if (!signedIn) {
    return (
      <section className="card stack" aria-labelledby="invite-title">
        <h2 id="invite-title">{fill(words['friend.invited'], { name })}</h2>
        <p>{fill(words['friend.joinWith'], { name })}</p>
        <LinkActions
          links={[
            { href: links.signUp, label: fill(words['friend.joinLink'], { name }) },
            { href: links.logIn, label: words['friend.logIn'] },
          ]}
        />
      </section>
    );
  }

  if (result) {
    return (
      <section className="card stack" aria-labelledby="ordered-title">
        <h2 id="ordered-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {words['friend.doneTitle']}
        </h2>
        <p>
          {fill(words['friend.doneBody'], {
            line1: result.order.s_line1,
            city: result.order.s_city,
            recruiter: result.recruiter,
          })}
        </p>
        <LinkActions
          links={[
            { href: links.activate, label: words['friend.activate'] },
            { href: links.orders, label: words['friend.orders'] },
          ]}
        />
      </section>
    );
  }

  return (
    <FormCard id="mates-title" title={fill(words['friend.title'], { name })} onSubmit={matesRatesOrder.onSubmit}>
      <p>{words['friend.where']}</p>
      <FormAlert>{error}</FormAlert>
      <AddressFields errors={fields} eircodeHint={words['freeSim.eircodeHint']} words={addressFieldWords(words)} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {words['friend.submit']}
      </SubmitButton>
    </FormCard>
  );
}

import { SignInFirst, signInLinks } from '../../components/member/SignInFirst.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { EASTER_CAMPAIGN } from '../../contract/referrals.ts';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField } from '../../components/forms/KindFields.tsx';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { formatIn, shortDate } from '../../lib/format.ts';
import { fill } from '../../contract/i18n/fill.ts';
import type { ReferWords } from './refer-words.ts';
import { $referrals, loadReferrals, referForm } from './refer-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';

/** /refer, in the page's language: invite a friend by e-mail through the referral service; the member's referrals and the campaign running today. */
export default function Refer({
  words,
  rules,
  tag,
  links,
}: {
  words: ReferWords;
  /** The rules' words in the page's language, by their English. */
  rules: Readonly<Record<string, string>>;
  tag: string;
  links: { logIn: string; join: string };
}) {
  formatIn(tag);
  referForm.speak({
    rules,
    unavailable: words['form.unavailable'],
    words,
    labels: {
      friend_first_name: words['refer.first'],
      friend_last_name: words['refer.last'],
      friend_email: words['refer.email'],
    },
    busyLabel: words['refer.sending'],
  });
  const signedIn = useSignedIn();
  const { data, error } = useStore($referrals);
  const form = useStore(referForm.$state);
  useEffect(() => {
    if (signedIn) void loadReferrals(words['refer.loadFailed']);
    return referForm.reset;
  }, [signedIn, words]);
  if (!signedIn) {
    return (
      <SignInFirst title={words['refer.signInTitle']} links={signInLinks(words, links)}>
        {words['refer.signIn']}
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
        {words['refer.loading']}
      </p>
    );
  return (
    <div className="stack">
      <p className="alert alert--info">
        {words[data.campaign_slug === EASTER_CAMPAIGN ? 'refer.easter' : 'refer.campaign']}{' '}
        {fill(words['refer.campaignSlug'], { slug: data.campaign_slug })}
      </p>
      <FormCard id="refer-title" title={words['refer.title']} onSubmit={referForm.onSubmit}>
        <p>{words['refer.intro']}</p>
        {form.result && (
          <FormAlert tone="success">{fill(words['refer.sent'], { name: form.result.friend_name })}</FormAlert>
        )}
        <FormAlert>{form.error}</FormAlert>
        <div className="form__row">
          <Field
            label={words['refer.first']}
            name="friend_first_name"
            autoComplete="off"
            required
            error={form.fields['friend_first_name']}
          />
          <Field
            label={words['refer.last']}
            name="friend_last_name"
            autoComplete="off"
            required
            error={form.fields['friend_last_name']}
          />
        </div>
        <EmailField label={words['refer.email']} name="friend_email" autoComplete="off" fields={form.fields} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          {words['refer.send']}
        </SubmitButton>
      </FormCard>
      <section className="card stack" aria-labelledby="referrals-title">
        <h2 id="referrals-title">{words['refer.yours']}</h2>
        {data.values.length === 0 ? (
          <p>{words['refer.none']}</p>
        ) : (
          <ul className="plain stack">
            {data.values.map((r) => (
              <li key={r.friend_email}>
                {fill(words['refer.item'], {
                  name: r.friend_name,
                  email: r.friend_email,
                  date: shortDate(r.created_at),
                  status: words[`refer.status.${r.status}`],
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, SentCodeField } from '../../components/forms/KindFields.tsx';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { formatIn, shortDate, wholeGb as gb } from '../../lib/format.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { LANGUAGE_TAG, type Locale } from '../../contract/i18n/locales.ts';
import type { StudentOfferWords } from './student-offer-words.ts';
import { $offers, $studentEmail, loadOffers, studentApplyForm, studentCodeForm } from './offers-store.ts';
import { SignInFirst, signInLinks } from '../../components/member/SignInFirst.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

interface Props {
  words: StudentOfferWords;
  /** The rules' words in the page's language, by their English (problems.ts, and the code's own two). */
  rules: Readonly<Record<string, string>>;
  /** The page's language, and its tag: figures as it writes them. */
  language: Locale;
  tag: string;
  /** The pages linked to, in the page's language where they have one. */
  links: { logIn: string; join: string; dashboard: string };
}

/**
 * /student-offer: back to school as it stands today, and the student offer by a code sent to a
 * college address, in the page's language (the offer's own words where the content translates them).
 */
export default function StudentOffer({ words, rules, language, tag, links }: Props) {
  formatIn(tag);
  const common = { rules, unavailable: words['form.unavailable'], words };
  studentCodeForm.speak({ ...common, labels: { email: words['student.email'] }, busyLabel: words['student.sending'] });
  studentApplyForm.speak({ ...common, labels: { code: words['student.code'] }, busyLabel: words['student.checking'] });
  const signedIn = useSignedIn();
  const { promotions, mine, error } = useStore($offers);
  const email = useStore($studentEmail);
  const codeForm = useStore(studentCodeForm.$state);
  const applyForm = useStore(studentApplyForm.$state);
  useEffect(() => {
    if (signedIn !== undefined) void loadOffers(signedIn, language);
  }, [signedIn, language]);
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        {words['student.loadFailed']}
      </div>
    );
  if (!promotions)
    return (
      <p role="status" className="loading-line">
        {words['student.loading']}
      </p>
    );
  const bts = promotions.back_to_school;
  // The content's words, in English where not translated: marked so.
  const said = bts.language === language ? undefined : LANGUAGE_TAG[bts.language];
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="bts-title">
        <h2 id="bts-title" lang={said}>
          {bts.heading}
        </h2>
        <p lang={said}>{bts.body}</p>
        <p className={bts.eligible ? 'alert alert--success' : 'alert alert--info'}>
          {fill(words[bts.eligible ? 'student.onNow' : 'student.ended'], { date: shortDate(bts.ends) })}
        </p>
      </section>
      {!signedIn ? (
        <SignInFirst title={words['student.claim']} links={signInLinks(words, links)}>
          {words['student.signInFirst']}
        </SignInFirst>
      ) : !mine ? null : applyForm.result ? (
        <section className="card stack" aria-labelledby="student-done">
          <h2 id="student-done" tabIndex={-1} ref={(el) => el?.focus()}>
            {words['student.applied']}
          </h2>
          <p>
            {fill(words['student.extra'], {
              size: gb(applyForm.result.goody_bag.data_kb),
              date: shortDate(applyForm.result.goody_bag.expires_at),
            })}
          </p>
          <a className="btn btn--primary" href={links.dashboard}>
            {words['student.dashboard']}
          </a>
        </section>
      ) : mine.student.applied ? (
        <p className="alert alert--success">
          {fill(words['student.appliedAlready'], {
            email: mine.student.email ?? '',
            date: shortDate(mine.student.claimed_at ?? ''),
          })}
        </p>
      ) : !email ? (
        <FormCard id="student-title" title={words['student.claim']} onSubmit={studentCodeForm.onSubmit}>
          <p>{words['student.codeIntro']}</p>
          <FormAlert>{codeForm.error}</FormAlert>
          <EmailField label={words['student.email']} fields={codeForm.fields} hint={words['student.emailHint']} />
          <SubmitButton busy={codeForm.busy} busyLabel={codeForm.busyLabel ?? ''}>
            {words['student.send']}
          </SubmitButton>
        </FormCard>
      ) : (
        <form
          method="post"
          className="form card"
          noValidate
          onSubmit={studentApplyForm.onSubmit}
          aria-labelledby="student-code-title"
        >
          <h2 id="student-code-title" className="form__title" tabIndex={-1} ref={(el) => el?.focus()}>
            {words['student.enterCode']}
          </h2>
          <p>{fill(words['student.sentTo'], { email })}</p>
          <FormAlert>{applyForm.error}</FormAlert>
          <input type="hidden" name="email" value={email} />
          <SentCodeField label={words['student.code']} fields={applyForm.fields} />
          <SubmitButton busy={applyForm.busy} busyLabel={applyForm.busyLabel ?? ''}>
            {words['student.apply']}
          </SubmitButton>
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              $studentEmail.set(null);
              studentApplyForm.reset();
            }}
          >
            {words['student.another']}
          </button>
        </form>
      )}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, SentCodeField } from '../../components/forms/KindFields.tsx';
import { STUDENT_CODE_MINUTES } from '../../contract/offers.ts';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { shortDate, wholeGb as gb } from '../../lib/format.ts';
import { $offers, $studentEmail, loadOffers, studentApplyForm, studentCodeForm } from './offers-store.ts';
import { SignInFirst } from '../../components/member/SignInFirst.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

/** /student-offer: back to school as it stands today, and the student offer by a code sent to a college address. */
export default function StudentOffer() {
  const signedIn = useSignedIn();
  const { promotions, mine, error } = useStore($offers);
  const email = useStore($studentEmail);
  const codeForm = useStore(studentCodeForm.$state);
  const applyForm = useStore(studentApplyForm.$state);
  useEffect(() => {
    if (signedIn !== undefined) void loadOffers(signedIn);
  }, [signedIn]);
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        {error}
      </div>
    );
  if (!promotions)
    return (
      <p role="status" className="loading-line">
        Loading the offer…
      </p>
    );
  const bts = promotions.back_to_school;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="bts-title">
        <h2 id="bts-title">{bts.heading}</h2>
        <p>{bts.body}</p>
        <p className={bts.eligible ? 'alert alert--success' : 'alert alert--info'}>
          {bts.eligible
            ? `On now, until ${shortDate(bts.ends)}.`
            : `This offer ended on ${shortDate(bts.ends)}. Watch this page for the next one.`}
        </p>
      </section>
      {!signedIn ? (
        <SignInFirst title="Claim the student offer">
          Log in or join 48, then prove you are a student with your college e-mail address.
        </SignInFirst>
      ) : !mine ? null : applyForm.result ? (
        <section className="card stack" aria-labelledby="student-done">
          <h2 id="student-done" tabIndex={-1} ref={(el) => el?.focus()}>
            Your student offer is applied
          </h2>
          <p>{`${gb(applyForm.result.goody_bag.data_kb)} of extra data is on your SIM until ${shortDate(applyForm.result.goody_bag.expires_at)}.`}</p>
          <a className="btn btn--primary" href="/my48">
            See it on your dashboard
          </a>
        </section>
      ) : mine.student.applied ? (
        <p className="alert alert--success">{`Your student offer is applied (${mine.student.email ?? ''}, ${shortDate(mine.student.claimed_at ?? '')}). It is one per member.`}</p>
      ) : !email ? (
        <FormCard id="student-title" title="Claim the student offer" onSubmit={studentCodeForm.onSubmit}>
          <p>{`We'll e-mail a 6-digit code to your college address. It works for ${STUDENT_CODE_MINUTES} minutes.`}</p>
          <FormAlert>{codeForm.error}</FormAlert>
          <EmailField
            label="College e-mail address"
            fields={codeForm.fields}
            hint="An address of a college in the list below"
          />
          <SubmitButton busy={codeForm.busy} busyLabel={codeForm.busyLabel ?? ''}>
            Send me a code
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
            Enter your code
          </h2>
          <p>{`We sent a code to ${email}.`}</p>
          <FormAlert>{applyForm.error}</FormAlert>
          <input type="hidden" name="email" value={email} />
          <SentCodeField label="Code from the e-mail" fields={applyForm.fields} />
          <SubmitButton busy={applyForm.busy} busyLabel={applyForm.busyLabel ?? ''}>
            Apply the offer
          </SubmitButton>
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              $studentEmail.set(null);
              studentApplyForm.reset();
            }}
          >
            Use another address
          </button>
        </form>
      )}
    </div>
  );
}

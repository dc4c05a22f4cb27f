import { useStore } from '@nanostores/react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { CodeField } from '../../components/forms/KindFields.tsx';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { shortDate } from '../../lib/format.ts';
import { feelsmugForm } from './offers-store.ts';
import { SignInFirst } from '../../components/member/SignInFirst.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

/** /feelsmug: the code from a feelsmug cup gives a goody bag, once per code. */
export default function Feelsmug() {
  const form = useStore(feelsmugForm.$state);
  const signedIn = useSignedIn();
  if (!signedIn)
    return (
      <SignInFirst title="Got a code on your cup?">
        Log in or join 48, then enter the code for your goody bag.
      </SignInFirst>
    );
  return (
    <FormCard id="smug-title" title="Enter the code from your cup" onSubmit={feelsmugForm.onSubmit}>
      {form.result && (
        <FormAlert tone="success">{`Enjoy! ${form.result.goody_bag.name} is on your SIM until ${shortDate(form.result.goody_bag.expires_at)}.`}</FormAlert>
      )}
      <FormAlert>{form.error}</FormAlert>
      <CodeField label="Code from your cup" hint="Like SMUG-1234, printed under the lid" fields={form.fields} />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        Get my goody bag
      </SubmitButton>
    </FormCard>
  );
}

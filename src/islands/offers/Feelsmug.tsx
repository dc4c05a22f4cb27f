import { useStore } from '@nanostores/react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { CodeField } from '../../components/forms/KindFields.tsx';
import { fill } from '../../contract/i18n/fill.ts';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { formatIn, shortDate } from '../../lib/format.ts';
import { feelsmugForm } from './offers-store.ts';
import { SignInFirst, signInLinks } from '../../components/member/SignInFirst.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';
import type { FeelsmugWords, SignInLinks } from './campaign-words.ts';

/** /feelsmug, in the page's language: the code from a feelsmug cup gives a goody bag, once per code. */
export default function Feelsmug({
  words,
  rules,
  tag,
  links,
}: {
  words: FeelsmugWords;
  /** The rules' words in the page's language, by their English. */
  rules: Readonly<Record<string, string>>;
  tag: string;
  links: SignInLinks;
}) {
  formatIn(tag);
  feelsmugForm.speak({
    rules,
    unavailable: words['form.unavailable'],
    words,
    labels: { code: words['feelsmug.code'] },
    busyLabel: words['feelsmug.checking'],
  });
  const form = useStore(feelsmugForm.$state);
  const signedIn = useSignedIn();
  if (!signedIn)
    return (
      <SignInFirst title={words['feelsmug.signInTitle']} links={signInLinks(words, links)}>
        {words['feelsmug.signIn']}
      </SignInFirst>
    );
  return (
    <FormCard id="smug-title" title={words['feelsmug.title']} onSubmit={feelsmugForm.onSubmit}>
      {form.result && (
        <FormAlert tone="success">
          {fill(words['feelsmug.done'], {
            name: form.result.goody_bag.name,
            date: shortDate(form.result.goody_bag.expires_at),
          })}
        </FormAlert>
      )}
      <FormAlert>{form.error}</FormAlert>
      <CodeField label={words['feelsmug.code']} hint={words['feelsmug.hint']} fields={form.fields} />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        {words['feelsmug.get']}
      </SubmitButton>
    </FormCard>
  );
}

import { useStore } from '@nanostores/react';
import { AddressFields } from '../../components/forms/AddressFields.tsx';
import { addressFieldWords, addressLabels } from '../../components/forms/address-words.ts';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { $referralNote, freeSimOrder } from './order-free-sim-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { $orderFreeSimSpeech, type OrderFreeSimSpeech } from './order-free-sim-words.ts';

/**
 * The free-SIM order, in the page's language: where to post it; the server checks the captcha and
 * that none is on its way already.
 */
export default function OrderFreeSim(speech: OrderFreeSimSpeech) {
  const { words, links } = speech;
  useMemberPage();
  // The actions, loaded on the first submit, speak with the same words.
  if ($orderFreeSimSpeech.get()?.words !== words) $orderFreeSimSpeech.set(speech);
  const labels = addressLabels(words);
  freeSimOrder.speak({
    labels,
    rules: speech.rules,
    busyLabel: words['freeSim.checking'],
    unavailable: words['form.unavailable'],
    words,
  });
  const { busy, busyLabel, error, fields, result: order } = useStore(freeSimOrder.$state);
  const referralNote = useStore($referralNote);

  if (order) {
    return (
      <section className="card stack" aria-labelledby="ordered-title">
        <h2 id="ordered-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {words['freeSim.doneTitle']}
        </h2>
        <p>{fill(words['freeSim.doneBody'], { line1: order.s_line1, city: order.s_city, county: order.s_county })}</p>
        {referralNote && <FormAlert tone="info">{referralNote}</FormAlert>}
        <LinkActions
          links={[
            { href: links.orders, label: words['freeSim.orders'] },
            { href: links.my48, label: words['freeSim.goMy48'] },
          ]}
        />
      </section>
    );
  }

  return (
    <FormCard id="address-title" title={words['freeSim.title']} onSubmit={freeSimOrder.onSubmit}>
      <FormAlert>{error}</FormAlert>
      <AddressFields errors={fields} eircodeHint={words['freeSim.eircodeHint']} words={addressFieldWords(words)} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {words['freeSim.submit']}
      </SubmitButton>
      <p className="form__note">{words['freeSim.note']}</p>
    </FormCard>
  );
}

import { useStore } from '@nanostores/react';
import { AddressFields } from '../../components/forms/AddressFields.tsx';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { $referralNote, freeSimOrder } from './order-free-sim-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

/** The free-SIM order: where to post it; the server checks the captcha and that none is on its way already. */
export default function OrderFreeSim() {
  useMemberPage();
  const { busy, busyLabel, error, fields, result: order } = useStore(freeSimOrder.$state);
  const referralNote = useStore($referralNote);

  if (order) {
    return (
      <section className="card stack" aria-labelledby="ordered-title">
        <h2 id="ordered-title" tabIndex={-1} ref={(el) => el?.focus()}>
          Your free SIM is on its way
        </h2>
        <p>
          We'll post it to {order.s_line1}, {order.s_city}, Co. {order.s_county} within one working day. When it
          arrives, activate it here with the number on the card.
        </p>
        {referralNote && <FormAlert tone="info">{referralNote}</FormAlert>}
        <LinkActions
          links={[
            { href: '/orders', label: 'See your orders' },
            { href: '/my48', label: 'Go to my48' },
          ]}
        />
      </section>
    );
  }

  return (
    <FormCard id="address-title" title="Delivery address" onSubmit={freeSimOrder.onSubmit}>
      <FormAlert>{error}</FormAlert>
      <AddressFields errors={fields} eircodeHint="Like D02 X285." />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Order my free SIM
      </SubmitButton>
      <p className="form__note">
        Free delivery anywhere in Ireland. We check that you are a person with a short calculation in your browser.
      </p>
    </FormCard>
  );
}

import { useStore } from '@nanostores/react';
import { IRISH_COUNTIES } from '../../contract/forms.ts';
import { Field, FormAlert, SelectField, SubmitButton } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { $referralNote, addressLabels as labels, freeSimOrder } from './order-free-sim-store.ts';

/** The free-SIM order: where to post it; the server checks the captcha and that none is on its way already. */
export default function OrderFreeSim() {
  const userId = useMemberPage();
  const { busy, busyLabel, error, fields, result: order } = useStore(freeSimOrder.$state);
  const referralNote = useStore($referralNote);
  if (userId === undefined) return null;

  if (order) {
    return (
      <section className="card stack" aria-labelledby="ordered-title">
        <h2 id="ordered-title" tabIndex={-1} ref={(el) => el?.focus()}>Your free SIM is on its way</h2>
        <p>
          We'll post it to {order.s_line1}, {order.s_city}, Co. {order.s_county} within one working day. When it arrives, activate it here with the number on the card.
        </p>
        {referralNote && <FormAlert tone="info">{referralNote}</FormAlert>}
        <div className="actions">
          <a className="btn btn--primary" href="/orders">See your orders</a>
          <a className="btn btn--outline" href="/my48">Go to my48</a>
        </div>
      </section>
    );
  }

  return (
    <form className="form card" noValidate onSubmit={freeSimOrder.onSubmit} aria-labelledby="address-title">
      <h2 id="address-title" className="form__title">Delivery address</h2>
      <FormAlert>{error}</FormAlert>
      <div className="form__row">
        <Field label={labels.firstname} name="firstname" autoComplete="given-name" required error={fields['firstname']} />
        <Field label={labels.lastname} name="lastname" autoComplete="family-name" required error={fields['lastname']} />
      </div>
      <Field label={labels.s_line1} name="s_line1" autoComplete="address-line1" required error={fields['s_line1']} />
      <Field label={`${labels.s_line2} (optional)`} name="s_line2" autoComplete="address-line2" error={fields['s_line2']} />
      <div className="form__row">
        <Field label={labels.s_city} name="s_city" autoComplete="address-level2" required error={fields['s_city']} />
        <SelectField label={labels.s_county} name="s_county" options={['', ...IRISH_COUNTIES]} defaultValue="" required error={fields['s_county']} />
      </div>
      <Field label={`${labels.s_postcode} (optional)`} name="s_postcode" autoComplete="postal-code" hint="Like D02 X285." error={fields['s_postcode']} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>Order my free SIM</SubmitButton>
      <p className="form__note">Free delivery anywhere in Ireland. We check that you are a person with a short calculation in your browser.</p>
    </form>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { euro } from '../../lib/format.ts';
import { $gateway, openGateway, reportPaymentError } from './payment-gateway-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import type { CheckoutPurpose } from '../../contract/payments.ts';

const ADDRESS_NOTICE = '*A valid address is required to authenticate payment';

/** Where "Cancel" goes back to: the screen each payment is started from. */
const CAME_FROM: Record<CheckoutPurpose, string> = {
  membership: '/my48/memberships',
  credit: '/my48/memberships/add-credit',
  addon: '/my48/addons',
  'gift-membership': '/gift-shop',
  'gift-credit': '/gift-shop',
  'register-card': '/my48/settings/payment-details',
};

/** The payment page: what is paid for, the billing address and the provider's card widget, then the result. */
export default function PaymentGateway() {
  const { step, checkout, result, error } = useStore($gateway);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void openGateway(location.search);
  }, []);

  // The provider's widget script draws the card fields into the payment form (this page alone may load it).
  useEffect(() => {
    if (step !== 'form' || !checkout || !form.current) return;
    const onError = (e: Event) => {
      const detail = (e as CustomEvent<{ message?: string }>).detail;
      void reportPaymentError('init', 'error', detail?.message ?? 'widget error');
    };
    const target = form.current;
    target.addEventListener('payment-error', onError);
    const script = document.createElement('script');
    script.src = checkout.script_url;
    script.async = true;
    script.onerror = () => void reportPaymentError('init', 'error', 'the payment widget did not load');
    document.body.append(script);
    return () => {
      target.removeEventListener('payment-error', onError);
      script.remove();
    };
  }, [step, checkout]);

  useEffect(() => {
    if (step === 'result') heading.current?.focus();
  }, [step]);

  if (step === 'loading') return <p role="status">Loading your payment…</p>;
  if (step === 'error')
    return (
      <div className="alert alert--error" role="alert">
        {error}
      </div>
    );
  if (step === 'checking')
    return (
      <p role="status" className="loading-line">
        {result?.state === 'pending'
          ? 'Your bank is still confirming the payment. This page updates by itself…'
          : 'Checking your payment…'}
      </p>
    );
  if (step === 'result' && result) {
    const ok = result.state === 'success';
    return (
      <section className="card stack" aria-labelledby="result-title">
        <h2 id="result-title" ref={heading} tabIndex={-1}>
          {ok
            ? 'Payment complete'
            : result.state === 'pending'
              ? 'Payment still pending'
              : 'The payment did not go through'}
        </h2>
        <p>{checkout?.description}</p>
        {ok ? (
          <p>Thank you. It is on your account now.</p>
        ) : (
          <div className="alert alert--error" role="alert">
            {result.description}
          </div>
        )}
        <LinkActions links={[{ href: result.next, label: ok ? 'Continue' : 'Back, to try again' }]} />
      </section>
    );
  }
  if (!checkout) return null;
  return (
    <section className="card stack" aria-labelledby="pay-title">
      <h2 id="pay-title">
        {checkout.purpose === 'register-card' ? 'Save a card' : `Pay ${euro(checkout.amount_cents)}`}
      </h2>
      <p>{checkout.description}</p>
      <div id={checkout.container}>
        <form
          ref={form}
          className="paymentWidgets form"
          action={`/payment-gateway/?checkout=${checkout.checkout_id}`}
          data-brands="VISA MASTER"
        >
          <fieldset className="fieldset">
            <legend>Billing address</legend>
            <p className="form__note">{ADDRESS_NOTICE}</p>
            <div className="field">
              <label htmlFor="billing-street">Street address</label>
              <input
                id="billing-street"
                name="billing.street1"
                autoComplete="billing street-address"
                required
                maxLength={100}
              />
            </div>
            <div className="form__row">
              <div className="field">
                <label htmlFor="billing-city">Town or city</label>
                <input
                  id="billing-city"
                  name="billing.city"
                  autoComplete="billing address-level2"
                  required
                  maxLength={60}
                />
              </div>
              <div className="field">
                <label htmlFor="billing-postcode">Eircode</label>
                <input id="billing-postcode" name="billing.postcode" autoComplete="billing postal-code" maxLength={8} />
              </div>
            </div>
            <input type="hidden" name="billing.country" value="IE" />
          </fieldset>
        </form>
      </div>
      <p>
        <a className="btn btn--outline" href={CAME_FROM[checkout.purpose]}>
          Cancel
        </a>
      </p>
    </section>
  );
}

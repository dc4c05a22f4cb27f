import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { euro, formatIn } from '../../lib/format.ts';
import { fill } from '../../contract/i18n/fill.ts';
import type { Locale } from '../../contract/i18n/locales.ts';
import type { PaymentGatewayWords } from './payment-gateway-words.ts';
import { $gateway, openGateway, reportPaymentError } from './payment-gateway-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import type { CheckoutPurpose } from '../../contract/payments.ts';

/** Where "Cancel" goes back to: the screen each payment is started from (in the page's language: `links`). */
export const CAME_FROM: Record<CheckoutPurpose, string> = {
  membership: '/my48/memberships',
  credit: '/my48/memberships/add-credit',
  addon: '/my48/addons',
  'gift-membership': '/gift-shop',
  'gift-credit': '/gift-shop',
  'register-card': '/my48/settings/payment-details',
};

interface Props {
  words: PaymentGatewayWords;
  /** The page's language (the provider's widget is asked to speak it) and its tag (amounts as it writes them). */
  language: Locale;
  tag: string;
  /** The screens a payment is started from and those it continues to, in the page's language, by their English path. */
  links: Readonly<Record<string, string>>;
}

/**
 * The payment page, in the page's language: what is paid for (said by the server in the language
 * of the request), the billing address and the provider's card widget, then the result.
 */
export default function PaymentGateway({ words, language, tag, links }: Props) {
  formatIn(tag);
  const { step, checkout, result, error } = useStore($gateway);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const here = (path: string) => links[path] ?? path;

  useEffect(() => {
    void openGateway(location.search, language, {
      incomplete: words['pay.incomplete'],
      loadFailed: words['pay.loadFailed'],
      checkFailed: words['pay.checkFailed'],
    });
  }, [words, language]);

  // The provider's widget script draws the card fields into the payment form (this page alone may load it).
  useEffect(() => {
    if (step !== 'form' || !checkout || !form.current) return;
    const onError = (e: Event) => {
      const detail = (e as CustomEvent<{ message?: string }>).detail;
      void reportPaymentError('init', 'error', detail?.message ?? 'widget error');
    };
    const target = form.current;
    target.addEventListener('payment-error', onError);
    // The provider's widget in the page's language.
    const w = window as { wpwlOptions?: Record<string, unknown> };
    w.wpwlOptions = { ...w.wpwlOptions, locale: language };
    const script = document.createElement('script');
    script.src = checkout.script_url;
    script.async = true;
    script.onerror = () => void reportPaymentError('init', 'error', 'the payment widget did not load');
    document.body.append(script);
    return () => {
      target.removeEventListener('payment-error', onError);
      script.remove();
    };
  }, [step, checkout, language]);

  useEffect(() => {
    if (step === 'result') heading.current?.focus();
  }, [step]);

  if (step === 'loading') return <p role="status">{words['pay.loading']}</p>;
  if (step === 'error')
    return (
      <div className="alert alert--error" role="alert">
        {error}
      </div>
    );
  if (step === 'checking')
    return (
      <p role="status" className="loading-line">
        {words[result?.state === 'pending' ? 'pay.pending' : 'pay.checking']}
      </p>
    );
  if (step === 'result' && result) {
    const ok = result.state === 'success';
    return (
      <section className="card stack" aria-labelledby="result-title">
        <h2 id="result-title" ref={heading} tabIndex={-1}>
          {words[ok ? 'pay.complete' : result.state === 'pending' ? 'pay.stillPending' : 'pay.failed']}
        </h2>
        <p>{checkout?.description}</p>
        {ok ? (
          <p>{words['pay.thanks']}</p>
        ) : (
          <div className="alert alert--error" role="alert">
            {/* The provider's own words, English, said so on a page in another language. */}
            {language === 'en' ? (
              result.description
            ) : (
              <>
                {words['pay.bankSaid']} <span lang="en-IE">{result.description}</span>
              </>
            )}
          </div>
        )}
        <LinkActions links={[{ href: here(result.next), label: words[ok ? 'pay.continue' : 'pay.tryAgain'] }]} />
      </section>
    );
  }
  if (!checkout) return null;
  return (
    <section className="card stack" aria-labelledby="pay-title">
      <h2 id="pay-title">
        {checkout.purpose === 'register-card'
          ? words['pay.saveCard']
          : fill(words['pay.pay'], { amount: euro(checkout.amount_cents) })}
      </h2>
      <p>{checkout.description}</p>
      <div id={checkout.container}>
        <form
          ref={form}
          className="paymentWidgets form"
          action={`${here('/payment-gateway/')}?checkout=${checkout.checkout_id}`}
          data-brands="VISA MASTER"
        >
          <fieldset className="fieldset">
            <legend>{words['pay.billing']}</legend>
            <p className="form__note">{words['pay.addressNotice']}</p>
            <div className="field">
              <label htmlFor="billing-street">{words['pay.street']}</label>
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
                <label htmlFor="billing-city">{words['pay.city']}</label>
                <input
                  id="billing-city"
                  name="billing.city"
                  autoComplete="billing address-level2"
                  required
                  maxLength={60}
                />
              </div>
              <div className="field">
                <label htmlFor="billing-postcode">{words['pay.eircode']}</label>
                <input id="billing-postcode" name="billing.postcode" autoComplete="billing postal-code" maxLength={8} />
              </div>
            </div>
            <input type="hidden" name="billing.country" value="IE" />
          </fieldset>
        </form>
      </div>
      <p>
        <a className="btn btn--outline" href={here(CAME_FROM[checkout.purpose])}>
          {words['pay.cancel']}
        </a>
      </p>
    </section>
  );
}

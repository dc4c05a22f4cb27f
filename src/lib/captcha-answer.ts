import { solveChallenge } from 'altcha-lib/v1';
import { RECAPTCHA_ONLOAD, recaptchaScriptUrl, type RecaptchaDomain } from '../contract/captcha.ts';
import type { CaptchaOffer } from '../contract/onboarding.schema.ts';

/** What a form's captcha proves a person for (the server checks the same action). */
export type CaptchaAction = 'sign_up' | 'free_sim' | 'contact' | 'chat';

interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: { sitekey: string; size: 'invisible'; badge: 'bottomleft' | 'bottomright' | 'inline' },
  ): number;
  execute(widgetId: number, options: { action: string }): Promise<string>;
}

let recaptchaWidget: Promise<{ grecaptcha: Grecaptcha; widgetId: number }> | undefined;

/**
 * Loads reCAPTCHA as spec section 7 has it (the public or the global alternate domain, an onload
 * callback, explicit render, the page's language) and renders one invisible v3 widget for the page.
 */
function loadRecaptcha(
  siteKey: string,
  domain: RecaptchaDomain,
): Promise<{ grecaptcha: Grecaptcha; widgetId: number }> {
  recaptchaWidget ??= new Promise((resolve, reject) => {
    // The widget is invisible; Google's badge (its terms ask for it) sits in the bottom corner as with implicit render.
    const host = document.createElement('div');
    document.body.append(host);
    (window as unknown as Record<string, unknown>)[RECAPTCHA_ONLOAD] = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (!grecaptcha) return reject(new Error('reCAPTCHA did not load'));
      resolve({
        grecaptcha,
        widgetId: grecaptcha.render(host, { sitekey: siteKey, size: 'invisible', badge: 'bottomright' }),
      });
    };
    const script = document.createElement('script');
    script.src = recaptchaScriptUrl(domain, document.documentElement.lang || undefined);
    script.async = true;
    script.defer = true;
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
  return recaptchaWidget;
}

/**
 * The answer to the captcha the server offered (GET /panda/public/captcha), for a form's `captcha`
 * field: by default a proof of work the browser computes in a moment (no outside service, no puzzle
 * for the person); reCAPTCHA v3 when the server is configured for it. The server checks the answer.
 * Zod-free and with no HTTP client, so the chat (which loads alone) can load it when a visitor starts.
 */
export async function answerTo(offer: CaptchaOffer, action: CaptchaAction): Promise<string> {
  if (offer.provider === 'recaptcha') {
    const { grecaptcha, widgetId } = await loadRecaptcha(offer.site_key, offer.domain);
    return grecaptcha.execute(widgetId, { action });
  }
  const { algorithm, challenge, maxnumber, salt, signature } = offer.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('The captcha could not be solved');
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
}

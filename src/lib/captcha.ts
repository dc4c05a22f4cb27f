import { solveChallenge } from 'altcha-lib/v1';
import { onboardingApi } from '../contract/onboarding.ts';
import { call } from './http.ts';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let recaptchaScript: Promise<Grecaptcha> | undefined;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
  return recaptchaScript;
}

/**
 * An answer to the server's captcha, for the `captcha` field of sign-up and the free-SIM order.
 * By default a proof of work the browser computes in a moment (no outside service, no puzzle for
 * the member); reCAPTCHA v3 when the server is configured for it. The server checks the answer.
 */
export async function captchaAnswer(action: 'sign_up' | 'free_sim'): Promise<string> {
  const { _payload: offer } = await call(onboardingApi.captcha);
  if (offer.provider === 'recaptcha') {
    const grecaptcha = await loadRecaptcha(offer.site_key);
    return grecaptcha.execute(offer.site_key, { action });
  }
  const { algorithm, challenge, maxnumber, salt, signature } = offer.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('The captcha could not be solved');
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
}

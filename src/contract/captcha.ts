/**
 * The captcha script of spec section 7 ("from the captcha provider's public or global alternate
 * domain, with onload callback, explicit render and optional language"), zod-free so the forms that
 * load it carry no schema library.
 */
export const RECAPTCHA_DOMAINS = ['www.google.com', 'www.recaptcha.net'] as const;
export type RecaptchaDomain = (typeof RECAPTCHA_DOMAINS)[number];

/** The global callback the script calls once loaded (onload). */
export const RECAPTCHA_ONLOAD = 'on48CaptchaLoad';

/**
 * The script's address: the chosen domain, the onload callback, explicit render (the page renders an
 * invisible widget itself) and the page's language (`en-IE` → `hl=en-IE`, nothing when the page has none).
 */
export function recaptchaScriptUrl(domain: RecaptchaDomain, language?: string): string {
  const params = new URLSearchParams({ onload: RECAPTCHA_ONLOAD, render: 'explicit' });
  if (language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) params.set('hl', language);
  return `https://${domain}/recaptcha/api.js?${params.toString()}`;
}

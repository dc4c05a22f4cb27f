import { describe, expect, it } from 'vitest';
import { RECAPTCHA_ONLOAD, recaptchaScriptUrl } from './captcha.ts';

describe('the captcha script address (spec section 7)', () => {
  it('from the public domain or the global alternate, with onload callback, explicit render and the page language', () => {
    const url = new URL(recaptchaScriptUrl('www.google.com', 'en-IE'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/recaptcha/api.js');
    expect(Object.fromEntries(url.searchParams)).toEqual({ onload: RECAPTCHA_ONLOAD, render: 'explicit', hl: 'en-IE' });
    expect(new URL(recaptchaScriptUrl('www.recaptcha.net', 'ga')).host).toBe('www.recaptcha.net');
  });
  it('leaves the language out when the page has none (or a malformed one)', () => {
    expect(new URL(recaptchaScriptUrl('www.google.com')).searchParams.has('hl')).toBe(false);
    expect(new URL(recaptchaScriptUrl('www.google.com', 'en"><script')).searchParams.has('hl')).toBe(false);
  });
});

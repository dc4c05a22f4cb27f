import { integration, type Integration } from '../integration.ts';
import { captchaAdapter, type CaptchaAdapter } from './index.ts';

/** The captcha: proof of work, or reCAPTCHA v3 when configured. */
export const captcha: Integration<CaptchaAdapter> = integration<CaptchaAdapter>({
  create: ({ config }) => captchaAdapter(config.captcha),
});

import { z } from 'zod';
import { credential, type Integration, integration, settings } from '../integration.ts';
import { captchaAdapter, type CaptchaAdapter } from './index.ts';

/** The proof of work's effort, or reCAPTCHA v3 (both keys; minimum score 0.2) instead. */
export const captchaSettings = settings({
  shape: {
    /** Signs proof-of-work captcha challenges. Unset (not in production): made once and kept in DATA_DIR/secrets.json. */
    CAPTCHA_HMAC_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** The work a proof-of-work captcha asks of a browser (the largest number it may have to try). */
    CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
    RECAPTCHA_SITE_KEY: credential(),
    RECAPTCHA_SECRET_KEY: credential(),
    /** Spec section 7: the captcha script from the provider's public domain or its global alternate (where google.com is not reachable). */
    RECAPTCHA_DOMAIN: z
      .enum(['www.google.com', 'www.recaptcha.net'], { error: 'must be www.google.com or www.recaptcha.net' })
      .default('www.google.com'),
  },
  together: [['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY']],
  requiredInProduction: ['CAPTCHA_HMAC_KEY'],
});

/** The captcha: proof of work, or reCAPTCHA v3 when configured. */
export const captcha: Integration<CaptchaAdapter> = integration<CaptchaAdapter>({
  create: ({ config }) => captchaAdapter(config.captcha),
});

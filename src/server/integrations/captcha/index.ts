import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { lt } from 'drizzle-orm';
import { CAPTCHA_MIN_SCORE } from '../../../contract/constants.ts';
import type { Queryable } from '../../db/client.ts';
import { captchaSolutions } from '../../db/schema.ts';
import { RECAPTCHA_DOMAINS, type RecaptchaDomain } from '../../../contract/captcha.ts';

/**
 * The captcha in front of sign-up and the free-SIM order. Two providers behind one
 * adapter: a self-hosted proof-of-work (ALTCHA, works offline, the default) and Google
 * reCAPTCHA v3 with the spec's minimum score 0.2 when its keys are configured. The browser
 * asks /panda/public/captcha which one to use; the server alone decides whether an answer passes.
 */
export interface CaptchaConfig {
  /** Signs proof-of-work challenges; server-only. */
  hmacKey: string;
  /** Upper bound of the number the browser searches for: the work asked of it. */
  maxNumber: number;
  /** How long a challenge may be answered. */
  ttlMs: number;
  recaptcha?: RecaptchaKeys;
}

/** reCAPTCHA's keys and the domain its script and checks come from (the public one, or the global alternate). */
export interface RecaptchaKeys {
  siteKey: string;
  secretKey: string;
  domain?: RecaptchaDomain;
}

export type CaptchaOffer =
  { provider: 'pow'; challenge: Challenge } | { provider: 'recaptcha'; site_key: string; domain: RecaptchaDomain };

export interface CaptchaAdapter {
  offer(now: Date): Promise<CaptchaOffer>;
  /** True when the answer is genuine, unexpired and not used before. */
  verify(answer: string, context: { db: Queryable; now: Date; ip?: string; action: string }): Promise<boolean>;
}

export function proofOfWork(config: CaptchaConfig): CaptchaAdapter {
  return {
    async offer(now) {
      const challenge = await createChallenge({
        hmacKey: config.hmacKey,
        maxNumber: config.maxNumber,
        expires: new Date(now.getTime() + config.ttlMs),
      });
      return { provider: 'pow', challenge };
    },
    async verify(answer, { db, now }) {
      let payload: { signature?: unknown; salt?: unknown };
      try {
        payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as typeof payload;
      } catch {
        return false;
      }
      if (typeof payload.signature !== 'string' || typeof payload.salt !== 'string') return false;
      // altcha checks the expiry with the real clock; ours may be a test clock, so check it here.
      const expires = Number(new URLSearchParams(payload.salt.split('?')[1] ?? '').get('expires'));
      if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
      if (!(await verifySolution(answer, config.hmacKey, false))) return false;
      // A solved challenge is good once: the primary key refuses the second use, also when two arrive together.
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
      const inserted = await db
        .insert(captchaSolutions)
        .values({ signature: payload.signature, expiresAt: new Date(expires * 1000) })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature });
      return inserted.length === 1;
    },
  };
}

export function recaptchaV3(keys: RecaptchaKeys, fetchImpl: typeof fetch = fetch): CaptchaAdapter {
  const domain = keys.domain ?? RECAPTCHA_DOMAINS[0];
  return {
    async offer() {
      return { provider: 'recaptcha', site_key: keys.siteKey, domain };
    },
    async verify(answer, { ip, action }) {
      const body = new URLSearchParams({ secret: keys.secretKey, response: answer, ...(ip ? { remoteip: ip } : {}) });
      try {
        const response = await fetchImpl(`https://${domain}/recaptcha/api/siteverify`, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: boolean; score?: number; action?: string };
        return result.success === true && (result.score ?? 0) >= CAPTCHA_MIN_SCORE && result.action === action;
      } catch {
        return false; // the provider did not answer: refuse rather than let a bot through
      }
    },
  };
}

export function captchaAdapter(config: CaptchaConfig, fetchImpl?: typeof fetch): CaptchaAdapter {
  return config.recaptcha ? recaptchaV3(config.recaptcha, fetchImpl) : proofOfWork(config);
}

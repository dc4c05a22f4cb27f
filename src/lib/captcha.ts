import { onboardingApi } from '../contract/onboarding.schema.ts';
import { answerTo, type CaptchaAction } from './captcha-answer.ts';
import { call } from './http.ts';

/** An answer to the server's captcha, for the `captcha` field of sign-up, the free-SIM order and the contact form. */
export async function captchaAnswer(action: CaptchaAction): Promise<string> {
  const { _payload: offer } = await call(onboardingApi.captcha);
  return answerTo(offer, action);
}

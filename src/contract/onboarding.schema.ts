import { z } from './zod.ts';
import { RECAPTCHA_DOMAINS } from './captcha.ts';
import { SimSchema } from './account.schema.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { ActivateSimForm } from './forms.schema.ts';
import { messages } from './messages.ts';

/** The captcha in front of sign-up and orders, and linking a SIM card to the account. */
export const CaptchaOfferSchema = z.union([
  z.object({
    provider: z.literal('pow'),
    challenge: z.object({
      algorithm: z.string(),
      challenge: z.string(),
      maxnumber: z.number().optional(),
      salt: z.string(),
      signature: z.string(),
    }),
  }),
  z.object({
    provider: z.literal('recaptcha'),
    site_key: z.string(),
    domain: z
      .enum(RECAPTCHA_DOMAINS)
      .meta({ description: 'Where the captcha script comes from: the public domain or the global alternate' }),
  }),
]);
export type CaptchaOffer = z.infer<typeof CaptchaOfferSchema>;

const endpoint = endpointsOf({ tag: 'Captcha', access: 'public' });

export const onboardingApi = {
  captcha: endpoint({
    id: 'captcha',
    method: 'get',
    path: '/panda/public/captcha',
    summary:
      'The captcha to answer before sign-up or a free-SIM order: a proof-of-work challenge (default) or the reCAPTCHA v3 site key',
    answer: payload(CaptchaOfferSchema),
    description: 'The captcha to answer; send the answer as the `captcha` field',
    errors: { 429: 'Too many challenges asked for' },
  }),
  activateSim: endpoint({
    id: 'activateSim',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/activate',
    access: 'member',
    tag: 'Sign-up',
    summary: 'Link a SIM card by its number (SSN): it becomes the member’s active SIM with the onboard bundle BDEG00',
    body: ActivateSimForm.meta({ id: 'ActivateSimBody' }),
    status: 201,
    answer: payload(z.object({ sim: SimSchema })),
    description: 'Activated',
    errors: { 404: 'No SIM card with that number', 409: 'The SIM is active already, or the member has a SIM' },
  }),
};

export const onboardingFailures = failures('onboarding', {
  simNotFound: { status: 404, message: messages.simNotFound },
  simAlreadyActive: { status: 409, message: messages.simAlreadyActive },
  alreadyHasSim: { status: 409, message: 'Your account already has a SIM. Contact us if you want to add another.' },
});

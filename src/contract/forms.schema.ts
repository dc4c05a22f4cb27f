import { z } from './zod.ts';
import { ADDRESS_LABELS, FRIEND_ADDRESS_LABELS, IRISH_COUNTIES } from './address-labels.ts';
import { PORT_IN_ACCOUNT_TYPES } from './constants.ts';
import { CONTACT_MESSAGE_MAX } from './contact.ts';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, PROVIDERS, REORDER_REASONS } from './forms.ts';
import { LOCALES } from './i18n/locales.ts';

export { PROVIDERS, REORDER_REASONS };

export { ADDRESS_LABELS, FRIEND_ADDRESS_LABELS, IRISH_COUNTIES };

/**
 * The rules of every form, shared by the browser (messages next to the field) and the server
 * (the authority). Plain zod, so that an island importing them does not pull in the OpenAPI
 * layer; each feature's contract gives them their OpenAPI names.
 */
export const emailRule = (field = 'email') =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .pipe(z.email({ error: `${field} must be an e-mail address` }).max(EMAIL_MAX, { error: `${field} is too long` }));

/** Password rules for sign-up, reset and change: long enough to resist guessing, not absurdly long. */
export const passwordRule = (field = 'password') =>
  z
    .string({ error: `${field} is required` })
    .min(PASSWORD_MIN, { error: `${field} must be at least ${PASSWORD_MIN} characters` })
    .max(PASSWORD_MAX, { error: `${field} must be at most ${PASSWORD_MAX} characters` })
    .regex(/[A-Za-z]/, { error: `${field} must contain a letter` })
    .regex(/[0-9]/, { error: `${field} must contain a digit` });
export const PasswordRule = passwordRule();

export const nameRule = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(60, { error: `${field} must be at most 60 characters` })
    .regex(/^[\p{L}\p{M}' .-]+$/u, {
      error: `${field} may contain letters, spaces, apostrophes, dots and hyphens only`,
    });

export const LoginForm = z.object({
  username: emailRule('username'),
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(PASSWORD_MAX, { error: 'password is too long' }),
});

/** The captcha answer: a proof-of-work payload or a reCAPTCHA token, depending on the provider. */
export const captchaRule = z
  .string({ error: 'captcha is required' })
  .min(1, { error: 'captcha is required' })
  .max(4096, { error: 'captcha is too long' });

export const SignUpForm = z.object({
  email: emailRule(),
  password: PasswordRule,
  firstname: nameRule('firstname'),
  lastname: nameRule('lastname'),
  nickname: nameRule('nickname').optional(),
  /** The recruit link the visitor came by (localStorage refferedUser): recorded as referred_by when it is a member's. */
  affiliateId: z
    .string()
    .regex(/^[A-Za-z0-9]{6,32}$/, { error: 'affiliateId is not a recruit link' })
    .optional(),
  captcha: captchaRule,
  /** The language of the page joined on: the new member's (docs/product/languages.md); else the lang cookie's. */
  language: z.enum(LOCALES, { error: 'language must be en, ga or pl' }).optional(),
});

export const NameForm = z.object({
  firstname: nameRule('firstname'),
  lastname: nameRule('lastname'),
  nickname: nameRule('nickname').optional(),
});

/** A SIM serial number (ICCID) as printed on the card: 19 or 20 digits starting 89 (spaces allowed when typed). */
export const ssnRule = z
  .string({ error: 'ssn is required' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^89\d{17,18}$/, { error: 'The SIM number has 19 or 20 digits and starts with 89.' }));

export const ActivateSimForm = z.object({ ssn: ssnRule });

const line = (field: string, max = 80) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Irish Eircode (routing key + unique identifier), optional on an address. */
export const eircodeRule = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, {
    error: 'Enter an Eircode like D02 X285, or leave it empty.',
  });

/** The free-SIM order: where to post it (field names as the spec's order payloads). */

export const FreeSimOrderForm = z.object({
  firstname: nameRule('firstname'),
  lastname: nameRule('lastname'),
  s_line1: line('s_line1'),
  s_line2: z.string().trim().max(80, { error: 's_line2 must be at most 80 characters' }).optional(),
  s_city: line('s_city', 60),
  s_county: z.enum(IRISH_COUNTIES, { error: 's_county must be a county of Ireland' }),
  s_postcode: z.union([z.literal(''), eircodeRule]).optional(),
  captcha: captchaRule,
});

/** Every field's first problem, for showing each message beside its field. */
export function fieldProblems(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}

/** An Irish mobile number, typed any common way (spaces, +353, 00353), as 08XXXXXXXX. */
export const irishMobileRule = z
  .string({ error: 'msisdn is required' })
  .transform((v) => v.replace(/[\s()-]/g, '').replace(/^(\+|00)353/, '0'))
  .pipe(z.string().regex(/^08[3-9]\d{7}$/, { error: 'Enter an Irish mobile number like 087 123 4567.' }));

/** Move your number (port-in): the number, the network it is with, and that account's details. */
export const PortInForm = z
  .object({
    msisdn: irishMobileRule,
    current_provider: z.enum(PROVIDERS, { error: 'current_provider must be one of the listed networks' }),
    account_type: z.enum(PORT_IN_ACCOUNT_TYPES, { error: 'account_type must be prepay or bill_pay' }),
    account_number: z
      .string()
      .trim()
      .max(40, { error: 'account_number must be at most 40 characters' })
      .regex(/^[A-Za-z0-9-]*$/, { error: 'account_number may contain letters, digits and hyphens only' })
      .optional(),
  })
  .refine((v) => v.account_type !== 'bill_pay' || Boolean(v.account_number), {
    error: 'account_number is required for a bill-pay account',
    path: ['account_number'],
  });

/** A replacement SIM: why, and where to post it. */
export const ReorderSimForm = FreeSimOrderForm.omit({ captcha: true }).extend({
  reason: z.enum(REORDER_REASONS, { error: 'reason must be lost, stolen, damaged or wrong size' }),
});

/** Change my SIM: the new card's number, confirmed with the password. */
export const ChangeSimForm = z.object({
  new_ssn: ssnRule,
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(PASSWORD_MAX, { error: 'password is too long' }),
});

/** An Eircode the way it is printed: routing key, a space, the unique identifier (input already valid). */
export function formatEircode(value: string | undefined): string | null {
  return value ? `${value.slice(0, 3)} ${value.slice(-4)}`.toUpperCase() : null;
}

/** What every ticket says, from a visitor's message or a member's complaint: the number concerned if any, and the message. */
export const ticketFields = {
  msisdn: z.union([z.literal(''), irishMobileRule]).optional(),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(10, { error: 'Tell us a little more: at least 10 characters.' })
    .max(CONTACT_MESSAGE_MAX, { error: `Keep it under ${CONTACT_MESSAGE_MAX} characters.` }),
};

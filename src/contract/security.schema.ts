import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { euro } from './format.ts';
import type { Locale } from './i18n/locales.ts';
import { euroIn, message } from './i18n/messages.ts';
import { messages } from './messages.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';
import { stepUpFailures } from './step-up.schema.ts';
import { SPEND_LIMIT_MIN_CENTS, SPEND_LIMIT_MAX_CENTS } from './security.ts';

/**
 * Settings → security (docs/product/member-controls.md): the monthly card-spending limit, lost or stolen SIM
 * (block at once, unblock with a step-up code), and the e-mail address (a step-up code).
 */

/**
 * The refusal of a card payment over the limit: it names the limit and what is left this month, in
 * the member's language (docs/product/languages.md; English the contract's words, letter for letter).
 */
export function spendLimitMessage(limitCents: number, leftCents: number, locale: Locale = 'en'): string {
  if (locale === 'en')
    return `This would pass your monthly card spending limit of ${euro(limitCents)}: you can spend ${euro(leftCents)} more by card this month. Change the limit in Settings → Security.`;
  return message(locale, 'spendLimit.over', { limit: euroIn(locale, limitCents), left: euroIn(locale, leftCents) });
}

export const SpendLimitSchema = z
  .object({
    limit_cents: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The monthly limit on card spending in cents; null is none' }),
    spent_cents: z
      .number()
      .int()
      .meta({ description: 'Card spending this calendar month (Irish time), with payments still open' }),
    left_cents: z.number().int().nullable(),
  })
  .meta({ id: 'SpendLimit' });
export const SpendLimitForm = z.object({
  limit_cents: z
    .number({ error: 'Enter the limit in cents, or null for no limit.' })
    .int({ error: 'Enter whole cents.' })
    .min(SPEND_LIMIT_MIN_CENTS, { error: `The limit is at least ${euro(SPEND_LIMIT_MIN_CENTS)}.` })
    .max(SPEND_LIMIT_MAX_CENTS, { error: `The limit is at most ${euro(SPEND_LIMIT_MAX_CENTS)}.` })
    .nullable(),
});
export const EmailChangeSchema = z
  .object({
    email: z.string().meta({ description: 'The account’s address: the one to log in with' }),
    pending_email: z
      .string()
      .nullable()
      .meta({ description: 'A new address asked for, waiting for the link or code sent to it; null: none' }),
  })
  .meta({ id: 'EmailChange' });

export const EmailChangeForm = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(200),
  email: z
    .string({ error: 'Enter your new e-mail address.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Enter your new e-mail address.' })
    .max(254, { error: 'That e-mail address is too long.' })
    .pipe(z.email({ error: "That doesn't look like an e-mail address." })),
});
const SimStateSchema = z
  .object({
    ssn: z.string(),
    msisdn: z.string().nullable(),
    blocked: z.boolean(),
    blocked_at: z.string().nullable(),
    /** What the network holds of the line (docs/product/network.md): suspended only once the network has done it. */
    line_state: z.enum(['active', 'suspended']).nullable(),
  })
  .meta({ id: 'SimState' });

const endpoint = endpointsOf({ tag: 'Security', access: 'member' });

export const securityApi = {
  spendLimit: endpoint({
    id: 'spendLimit',
    method: 'get',
    path: '/panda/protected/users/{user_id}/spend-limit',
    summary: 'The monthly card-spending limit, what cards paid this month and what is left',
    answer: payload(SpendLimitSchema),
    description: 'The limit',
  }),
  setSpendLimit: endpoint({
    id: 'setSpendLimit',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/spend-limit',
    summary: `Sets the monthly card-spending limit (from ${euro(SPEND_LIMIT_MIN_CENTS)}) or removes it (null)`,
    body: SpendLimitForm,
    answer: payload(SpendLimitSchema),
    description: 'The limit',
  }),
  blockSim: endpoint({
    id: 'blockSim',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/block',
    summary: 'Reports the SIM lost or stolen: blocked at once (no purchases, flexible-data moves or recruit orders)',
    answer: payload(SimStateSchema),
    description: 'Blocked',
  }),
  unblockSim: endpoint({
    id: 'unblockSim',
    moves: 'once',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/block',
    summary: 'Unblocks the SIM (step-up code in X-Step-Up-Code, purpose unblock)',
    answer: payload(SimStateSchema),
    description: 'Unblocked',
    stepUp: 'unblock',
    errors: { 403: 'No good step-up code' },
  }),
  changeEmail: endpoint({
    id: 'changeEmail',
    moves: 'once',
    method: 'put',
    path: '/panda/protected/users/{user_id}/email',
    summary:
      'Asks for a new e-mail address: the password and a step-up code (X-Step-Up-Code, purpose email, sent to the current address). A link and a code go to the new address, which takes effect only when one of them is used (confirmEmail); the current address is told and stays the account’s until then',
    body: EmailChangeForm,
    status: 202,
    answer: payload(EmailChangeSchema),
    description: 'Asked: waiting for the new address to be confirmed',
    stepUp: 'email',
    errors: { 403: 'No good step-up code', 409: 'The address belongs to another account' },
  }),
  emailChange: endpoint({
    id: 'emailChange',
    method: 'get',
    path: '/panda/protected/users/{user_id}/email/change',
    summary: 'The account’s e-mail address, and the new one waiting to be confirmed from its own mailbox, if any',
    answer: payload(EmailChangeSchema),
    description: 'The address, and the one waiting',
  }),
  confirmEmail: endpoint({
    id: 'confirmEmail',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/email/confirm/{token}',
    summary:
      'Confirms the new e-mail address with the link token or the 6-digit code sent to it: it becomes the account’s, verified, and the old address is told',
    params: UserParams.extend({
      token: z
        .string()
        .regex(/^([0-9]{6}|[A-Za-z0-9_-]{20,100})$/, { error: 'must be the link token or the 6-digit code' }),
    }),
    answer: payload(z.object({ email: z.string(), message: z.string() })),
    description: 'Changed',
    errors: {
      400: 'The link or code is not valid (used, expired, another’s)',
      409: 'The address belongs to another account',
    },
  }),
};

export const securityFailures = failures('security', {
  ...stepUpFailures,
  wrongPassword: { status: 400, message: messages.wrongCurrentPassword },
  emailTaken: { status: 409, message: 'That e-mail address belongs to another 48 account.' },
  sameEmail: { status: 422, message: 'That is your e-mail address already.' },
  changeInvalid: {
    status: 400,
    message: 'That link or code is not valid any more. Ask for the new address again to get a new one.',
  },
  noSuchSim: { status: 404, message: messages.simNotFound },
});

export const securityMessages = {
  emailChangeAsked: (email: string) =>
    `Nearly there: we have sent a link and a code to ${email}. Your address changes when you use one of them; until then you log in with your current address.`,
  emailChanged: (email: string) => `Your e-mail address is now ${email}. Use it to log in.`,
  blocked:
    'Your SIM is blocked. Nobody can buy anything or move data with it. Order a replacement SIM or change to an eSIM to keep your number.',
  unblocked: 'Your SIM is unblocked and works again.',
} as const;

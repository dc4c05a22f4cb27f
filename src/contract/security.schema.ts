import { z } from 'zod';
import { endpoint, failures } from './endpoint.ts';
import { euro } from './format.ts';
import { messages } from './messages.ts';
import { payload, SimParams, UserParams } from './shared.schema.ts';
import { stepUpFailures } from './step-up.schema.ts';

/**
 * Settings → security (member-controls.md): the monthly card-spending limit, lost or stolen SIM
 * (block at once, unblock with a step-up code), and the e-mail address (a step-up code).
 */
export const SPEND_LIMIT_MIN_CENTS = 500;
/** member-controls.md: any amount from €5. The upper bound is only what an amount column holds (€1,000,000). */
export const SPEND_LIMIT_MAX_CENTS = 100_000_000;

/** The refusal of a card payment over the limit: it names the limit and what is left this month. */
export const spendLimitMessage = (limitCents: number, leftCents: number) =>
  `This would pass your monthly card spending limit of ${euro(limitCents)}: you can spend ${euro(leftCents)} more by card this month. Change the limit in Settings → Security.`;

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
  .object({ ssn: z.string(), msisdn: z.string().nullable(), blocked: z.boolean(), blocked_at: z.string().nullable() })
  .meta({ id: 'SimState' });

export const securityApi = {
  spendLimit: endpoint({
    id: 'spendLimit',
    method: 'get',
    path: '/panda/protected/users/{user_id}/spend-limit',
    access: 'member',
    tag: 'Security',
    summary: 'The monthly card-spending limit, what cards paid this month and what is left',
    params: UserParams,
    answer: payload(SpendLimitSchema),
    description: 'The limit',
  }),
  setSpendLimit: endpoint({
    id: 'setSpendLimit',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/spend-limit',
    access: 'member',
    tag: 'Security',
    summary: `Sets the monthly card-spending limit (from ${euro(SPEND_LIMIT_MIN_CENTS)}) or removes it (null)`,
    params: UserParams,
    body: SpendLimitForm,
    answer: payload(SpendLimitSchema),
    description: 'The limit',
  }),
  blockSim: endpoint({
    id: 'blockSim',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/block',
    access: 'member',
    tag: 'Security',
    summary: 'Reports the SIM lost or stolen: blocked at once (no purchases, flexible-data moves or recruit orders)',
    params: SimParams,
    answer: payload(SimStateSchema),
    description: 'Blocked',
  }),
  unblockSim: endpoint({
    id: 'unblockSim',
    moves: 'once',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/block',
    access: 'member',
    tag: 'Security',
    summary: 'Unblocks the SIM (step-up code in X-Step-Up-Code, purpose unblock)',
    params: SimParams,
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
    access: 'member',
    tag: 'Security',
    summary:
      'Changes the e-mail address: the password and a step-up code (X-Step-Up-Code, purpose email, sent to the current address)',
    params: UserParams,
    body: EmailChangeForm,
    answer: payload(z.object({ email: z.string() })),
    description: 'Changed',
    stepUp: 'email',
    errors: { 403: 'No good step-up code', 409: 'The address belongs to another account' },
  }),
};

export const securityFailures = failures('security', {
  ...stepUpFailures,
  wrongPassword: { status: 400, message: messages.wrongCurrentPassword },
  emailTaken: { status: 409, message: 'That e-mail address belongs to another 48 account.' },
  sameEmail: { status: 422, message: 'That is your e-mail address already.' },
  noSuchSim: { status: 404, message: messages.simNotFound },
});

export const securityMessages = {
  blocked:
    'Your SIM is blocked. Nobody can buy anything or move data with it. Order a replacement SIM or change to an eSIM to keep your number.',
  unblocked: 'Your SIM is unblocked and works again.',
} as const;

import { z } from 'zod';
import { endpoint, failures } from './endpoint.ts';
import { euro } from './format.ts';
import { payload, SimParams } from './schemas.ts';

/**
 * The top-up advance (lifelines.md): €5.00 of credit at once for a €0.50 fee, repaid first from
 * every credit that comes in afterwards. One outstanding per SIM.
 */
export const ADVANCE_CENTS = 500;
export const ADVANCE_FEE_CENTS = 50;
export const ADVANCE_OWED_CENTS = ADVANCE_CENTS + ADVANCE_FEE_CENTS;
/** Who may: credit below this, a SIM at least this old, this many paid top-ups or purchases in the window. */
export const ADVANCE_CREDIT_BELOW_CENTS = 200;
export const ADVANCE_SIM_MIN_DAYS = 30;
export const ADVANCE_PAYMENTS_MIN = 2;
export const ADVANCE_PAYMENTS_DAYS = 90;

export const advanceFailures = failures('advance', {
  simInactive: { status: 409, message: 'Your SIM is not active, so it cannot get a top-up advance.' },
  simBlocked: {
    status: 409,
    message: 'Your SIM is blocked because it was reported lost or stolen, so it cannot get a top-up advance.',
  },
  simTooNew: {
    status: 409,
    message: `A top-up advance needs a SIM that has been with 48 for at least ${ADVANCE_SIM_MIN_DAYS} days.`,
  },
  fewPayments: {
    status: 409,
    message: `A top-up advance needs at least ${ADVANCE_PAYMENTS_MIN} top-ups or purchases paid in the last ${ADVANCE_PAYMENTS_DAYS} days.`,
  },
  enoughCredit: {
    status: 409,
    message: `You have ${euro(ADVANCE_CREDIT_BELOW_CENTS)} or more credit, so you don't need a top-up advance.`,
  },
  outstanding: {
    status: 409,
    message: 'You have a top-up advance to repay already: it is repaid from your next top-up.',
  },
  noSuchSim: { status: 404, message: 'There is no such SIM on your account.' },
});
export type AdvanceRefusal = Exclude<keyof typeof advanceFailures, 'noSuchSim'>;

const AdvanceState = z
  .object({
    eligible: z.boolean(),
    reason: z.string().nullable().meta({ description: 'The code of the condition not met (advance.*), or null' }),
    message: z.string().nullable().meta({ description: 'What the screen says when not eligible' }),
    owed_cents: z.number().int().meta({ description: 'What is owed from an advance (0: nothing)' }),
    amount_cents: z.number().int(),
    fee_cents: z.number().int(),
  })
  .meta({ id: 'AdvanceState' });
export type AdvanceState = z.infer<typeof AdvanceState>;

export const advanceApi = {
  state: endpoint({
    id: 'advanceState',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/advance',
    access: 'member',
    tag: 'Credit',
    summary: 'Whether the SIM may take a top-up advance (and which condition is not met), and what is owed',
    params: SimParams,
    answer: payload(AdvanceState),
    description: 'The state',
    errors: { 404: 'No such SIM' },
  }),
  take: endpoint({
    id: 'takeAdvance',
    moves: 'money',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/advance',
    access: 'member',
    tag: 'Credit',
    summary: `Takes a top-up advance: ${euro(ADVANCE_CENTS)} of credit now, ${euro(ADVANCE_OWED_CENTS)} owed (a ${euro(ADVANCE_FEE_CENTS)} fee), repaid first from the next credit. Idempotency-Key`,
    params: SimParams,
    status: 201,
    answer: payload(z.object({ credit_cents: z.number().int(), owed_cents: z.number().int(), message: z.string() })),
    description: 'Advanced',
    errors: { 404: 'No such SIM', 409: 'Not eligible (the condition not met)' },
  }),
};

export const advanceMessages = {
  offer: 'Get a €5 top-up advance',
  taken: `${euro(ADVANCE_CENTS)} of credit is yours now. ${euro(ADVANCE_OWED_CENTS)} is repaid from your next top-up.`,
  owed: (cents: number) => `You owe ${euro(cents)} from a top-up advance`,
  repaid: 'Top-up advance repaid',
} as const;

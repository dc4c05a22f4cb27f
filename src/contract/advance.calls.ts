import type { advanceApi } from './advance.schema.ts';
import { failures, route } from './endpoint.ts';
import {
  ADVANCE_CREDIT_BELOW_CENTS,
  ADVANCE_CENTS,
  ADVANCE_OWED_CENTS,
  ADVANCE_PAYMENTS_DAYS,
  ADVANCE_PAYMENTS_MIN,
  ADVANCE_SIM_MIN_DAYS,
} from './advance.ts';
import { euro } from './format.ts';

/**
 * The top-up advance (docs/product/lifelines.md): €5.00 of credit at once for a €0.50 fee, repaid first from
 * every credit that comes in afterwards. One outstanding per SIM. A zod-free file (its rules,
 * refusals, messages and the routes the browser calls): the dashboard's offer carries no schema
 * library; the endpoints with their schemas are in advance.ts.
 */
export * from './advance.ts';

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

/** What GET …/advance answers (advance.ts has its schema). */
export interface AdvanceState {
  eligible: boolean;
  reason: string | null;
  message: string | null;
  owed_cents: number;
  amount_cents: number;
  fee_cents: number;
}

export const advanceRoutes = {
  state: route<typeof advanceApi.state>('get', '/panda/protected/users/{user_id}/sims/{ssn}/advance'),
  take: route<typeof advanceApi.take>('post', '/panda/protected/users/{user_id}/sims/{ssn}/advance'),
};

export const advanceMessages = {
  offer: 'Get a €5 top-up advance',
  taken: `${euro(ADVANCE_CENTS)} of credit is yours now. ${euro(ADVANCE_OWED_CENTS)} is repaid from your next top-up.`,
  owed: (cents: number) => `You owe ${euro(cents)} from a top-up advance`,
  repaid: 'Top-up advance repaid',
} as const;

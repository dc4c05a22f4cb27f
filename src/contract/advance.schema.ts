import { z } from './zod.ts';
import { ADVANCE_CENTS, ADVANCE_FEE_CENTS, ADVANCE_OWED_CENTS } from './advance.ts';
import { euro } from './format.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/** The top-up advance's endpoints and schemas (docs/product/lifelines.md); its refusals, messages and the dashboard's calls are in advance.calls.ts, its figures in advance.ts (both zod-free). */

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

const endpoint = endpointsOf({ tag: 'Credit', access: 'member' });

export const advanceApi = {
  state: endpoint({
    id: 'advanceState',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/advance',
    summary: 'Whether the SIM may take a top-up advance (and which condition is not met), and what is owed',
    answer: payload(AdvanceState),
    description: 'The state',
    errors: { 404: 'No such SIM' },
  }),
  take: endpoint({
    id: 'takeAdvance',
    moves: 'money',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/advance',
    summary: `Takes a top-up advance: ${euro(ADVANCE_CENTS)} of credit now, ${euro(ADVANCE_OWED_CENTS)} owed (a ${euro(ADVANCE_FEE_CENTS)} fee), repaid first from the next credit. Idempotency-Key`,
    status: 201,
    answer: payload(z.object({ credit_cents: z.number().int(), owed_cents: z.number().int(), message: z.string() })),
    description: 'Advanced',
    errors: { 404: 'No such SIM', 409: 'Not eligible (the condition not met)' },
  }),
};

import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { ROAMING_ALERT_CAUSES, ROAMING_CAP_CHOICES } from './roaming.ts';

const Zone = z.enum(['home', '1', '2', '3', '4']);

const RoamingNotice = z
  .object({
    id: z.number().int(),
    cause: z.enum(ROAMING_ALERT_CAUSES),
    title: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'RoamingNotice' });

export const RoamingSchema = z
  .object({
    /** Where the network last saw the SIM (ISO 3166-1 alpha-2), or null before it was seen abroad. */
    country: z.string().nullable(),
    country_name: z.string().nullable(),
    zone: Zone.nullable(),
    seen_at: z.string().nullable(),
    /** The EU allowance: the current membership's (fixed when it started) or, without one, from credit. */
    allowance: z.object({
      from: z.enum(['membership', 'credit']),
      max_kb: z.number().int(),
      used_kb: z.number().int(),
      left_kb: z.number().int(),
      /** The day the figure was fixed: the membership's start, or the day roaming began this month on credit (null: not yet). */
      fixed_on: z.string().nullable(),
    }),
    /** This Irish month's use abroad by country. */
    month: z.string(),
    by_country: z.array(
      z.object({
        country: z.string(),
        country_name: z.string(),
        zone: Zone,
        data_kb: z.number().int(),
        minutes: z.number().int(),
        texts: z.number().int(),
      }),
    ),
    /**
     * The data cost cap outside Zone 1 (chosen in cents excluding VAT, null for none; as credit pays
     * it, VAT included), this month's spend against it (what data outside the EU took from credit,
     * VAT included), and whether data abroad is stopped.
     */
    cap: z.object({
      cap_cents: z.number().int().nullable(),
      cap_with_vat_cents: z.number().int().nullable(),
      spent_cents: z.number().int(),
      continued: z.boolean(),
      stopped: z.boolean(),
      /** Data abroad on the network: being stopped (the bar ordered), stopped (the bar completed), or neither. */
      on_network: z.enum(['stopping', 'stopped']).nullable(),
    }),
    notices: z.array(RoamingNotice),
  })
  .meta({ id: 'Roaming' });
export type Roaming = z.infer<typeof RoamingSchema>;

export const CapForm = z.object({
  cap_cents: z
    .union([z.literal(5000), z.literal(10000), z.literal(20000), z.null()], {
      error: `cap_cents must be one of ${ROAMING_CAP_CHOICES.map((c) => (c === null ? 'null' : String(c))).join(', ')}`,
    })
    .meta({ description: '€50, €100 or €200 excluding VAT a month, or null for no cap' }),
});

const endpoint = endpointsOf({ tag: 'Roaming', access: 'member' });

export const roamingApi = {
  get: endpoint({
    id: 'roaming',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/roaming',
    summary:
      'Where the SIM is, its EU allowance used and left, this month by country, the cost cap and the notices sent',
    answer: payload(RoamingSchema),
    description: 'Roaming',
    errors: { 404: 'No such SIM on the account' },
  }),
  setCap: endpoint({
    id: 'setRoamingCap',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/roaming/cap',
    summary: 'Chooses the monthly cap on data outside Zone 1: €50, €100, €200 or none',
    body: CapForm.meta({ id: 'RoamingCapBody' }),
    answer: payload(RoamingSchema),
    description: 'Roaming with the cap chosen',
    errors: { 404: 'No such SIM on the account' },
  }),
  goOn: endpoint({
    id: 'continueRoamingData',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/roaming/continue',
    summary: 'Keeps data abroad going past the cap for the rest of this month',
    answer: payload(RoamingSchema),
    description: 'Roaming with data going on',
    errors: { 404: 'No such SIM on the account' },
  }),
};

export const roamingFailures = failures('roaming', {
  notYourSim: { status: 404, message: 'There is no such SIM on your account.' },
});

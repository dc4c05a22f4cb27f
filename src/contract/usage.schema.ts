import { z } from './zod.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { INCOME_KINDS, SPEND_KINDS, STATEMENT_MAX_DAYS } from './usage.ts';

/**
 * Where a member's credit and data go (docs/product/money.md, "Where credit goes"): a SIM's use by
 * day this period and by month, its money by kind and month, and a statement of a chosen range
 * (transactions and use, as JSON or CSV). Data in KB, money in cents; months and days are Irish.
 */
const Figures = { data_kb: z.number().int(), minutes: z.number().int(), texts: z.number().int() };
const byKind = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object(Object.fromEntries(kinds.map((k) => [k, z.number().int()])) as { [P in K[number]]: z.ZodNumber });

export const UsageChartsSchema = z
  .object({
    period: z
      .object({
        starts_at: z.string(),
        ends_at: z.string(),
        /** What the period allows (null: unlimited). */
        data_kb: z.number().int().nullable(),
        minutes: z.number().int().nullable(),
        texts: z.number().int().nullable(),
        data_used_kb: z.number().int(),
        data_lasts_until: z.string().nullable().meta({
          description:
            'At the pace of the period so far, when its data runs out; null: it lasts the period, or is unlimited',
        }),
      })
      .nullable(),
    days: z.array(z.object({ day: z.string(), ...Figures })),
    months: z.array(z.object({ month: z.string(), ...Figures })),
    money: z.array(z.object({ month: z.string(), out: byKind(SPEND_KINDS), in: byKind(INCOME_KINDS) })),
  })
  .meta({ id: 'UsageCharts' });
export type UsageCharts = z.infer<typeof UsageChartsSchema>;

const irishDate = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` });

export const StatementSchema = z
  .object({
    name: z.string(),
    from: z.string(),
    to: z.string(),
    lines: z.array(z.object({ msisdn: z.string() })),
    transactions: z.array(
      z.object({
        date: z.string(),
        msisdn: z.string(),
        description: z.string(),
        amount: z.number().int().meta({ description: 'Credit in cents; negative for credit spent' }),
        card_amount: z.number().int(),
        data_kb: z.number().int(),
      }),
    ),
    use: z.array(z.object({ day: z.string(), msisdn: z.string(), ...Figures })),
    totals: z.object({ spent_cents: z.number().int(), came_in_cents: z.number().int(), card_cents: z.number().int() }),
    csv: z
      .object({ transactions: z.string(), use: z.string() })
      .nullable()
      .meta({ description: 'format=csv: the same as RFC 4180 text (UTF-8 with a byte-order mark)' }),
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof StatementSchema>;

const endpoint = endpointsOf({ tag: 'Account', access: 'member' });

export const usageApi = {
  charts: endpoint({
    id: 'usageCharts',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/usage/charts',
    summary:
      'A SIM’s use by day this period (with its allowances and the pace), by month for 12 months, and its money out by kind and in by kind for 12 months',
    answer: payload(UsageChartsSchema),
    description: 'Use and money for the charts',
  }),
  statement: endpoint({
    id: 'statement',
    method: 'get',
    path: '/panda/protected/users/{user_id}/statement',
    summary: 'The member’s transactions and use between two Irish days (both included), as JSON or CSV',
    /** A range of Irish days, both included, at most a year and a day. */
    query: z
      .object({ from: irishDate('from'), to: irishDate('to'), format: z.enum(['json', 'csv']).default('json') })
      .refine((r) => r.from <= r.to, { error: 'from must not be after to', path: ['from'] })
      .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < STATEMENT_MAX_DAYS, {
        error: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
        path: ['to'],
      }),
    answer: payload(StatementSchema),
    description: 'The statement',
  }),
};

import { z } from './zod.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/**
 * The member's account as the dashboard reads it: SIMs, segments, balance summary, usage,
 * notifications. Data is in KB, money in cents, dates as ISO strings; `max: null` is unlimited.
 */
export const AllowanceSchema = z.object({
  max: z.number().int().nullable(),
  used: z.number().int(),
  left: z.number().int().nullable(),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

export const GoodyBagSchema = z.object({
  product_sku: z.string(),
  max_onboard_data: z.number().int(),
  onboard_data: z.number().int(),
  days_left_for_expiry: z.number().int(),
});

export const BalanceSummarySchema = z
  .object({
    is_current_membership: z.boolean(),
    main: z.number().int().meta({ description: 'Credit in cents' }),
    previous_SKU: z.string().nullable(),
    goodybags_summary: z.object({ goodyBags: z.array(GoodyBagSchema) }),
    max_membership_data: z.number().int().nullable(),
    max_data: z.number().int().nullable(),
    used_data: z.number().int(),
    left_data: z.number().int().nullable(),
    left_membership_data: z.number().int().nullable(),
    queued_membership_start_date: z.string().nullable(),
    expiry_date: z.string().nullable(),
    product_SKU: z.string().nullable(),
    have_queued_membership: z.boolean(),
    recurrence_enabled: z.boolean(),
    membership_recurrence_sku: z.string().nullable(),
    current_membership: z.string().nullable(),
    is_unlimited: z.boolean(),
    max_fup_data: z.number().int().nullable(),
    used_fup_data: z.number().int(),
    left_fup_data: z.number().int().nullable(),
    max_membership_fup_data: z.number().int().nullable(),
    mobile_minutes: AllowanceSchema,
    minutes: AllowanceSchema.meta({ description: 'Landline minutes' }),
    text: AllowanceSchema,
    roaming_data: AllowanceSchema,
    days_left: z.number().int(),
    carryover_data: z.number().int(),
    addon_data: z
      .number()
      .int()
      .meta({ description: 'Data of add-ons bought for the current membership (KB); part of max_data' }),
    spotted_data: z.number().int().meta({
      description: 'Spotted data lent by another member, not yet used (KB); part of max_data until the loan ends',
    }),
    safe_data: z.number().int().meta({ description: "The Safe's balance (KB); not part of max_data until unlocked" }),
    carry_forward_data: z.number().int().meta({ description: 'Carried over this month for the next membership (KB)' }),
  })
  .meta({ id: 'BalanceSummary' });
export type BalanceSummary = z.infer<typeof BalanceSummarySchema>;

export const SimSchema = z
  .object({
    ssn: z.string(),
    msisdn: z.string().nullable(),
    product: z.string(),
    requester: z.string(),
    /** Reported lost or stolen (docs/product/member-controls.md). */
    blocked: z.boolean(),
    kind: z.enum(['physical', 'esim']),
    /** What the network holds of the line: suspended once a block has reached it (docs/product/network.md). */
    line_state: z.enum(['active', 'suspended']).nullable(),
    /** The network holds back an order for the line (TMF641 held or pending): "waiting for the network". */
    network_waiting: z.boolean(),
  })
  .meta({ id: 'Sim' });
export type Sim = z.infer<typeof SimSchema>;

const NotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});

const endpoint = endpointsOf({ tag: 'Account', access: 'member' });

export const accountApi = {
  segments: endpoint({
    id: 'segments',
    method: 'get',
    path: '/panda/protected/users/{user_id}/segments',
    summary: 'The member’s segments (port-in in progress, …)',
    answer: payload(z.object({ values: z.array(z.object({ segment_type: z.string() })) })),
    description: 'Segments',
  }),
  simsOwned: endpoint({
    id: 'simsOwned',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/owned',
    summary: 'The member’s SIMs; 400 while activation is in progress',
    answer: z.object({
      _meta: z.object({ total: z.number().int() }),
      _payload: z.object({ values: z.array(SimSchema) }),
    }),
    description: 'SIMs',
  }),
  activation: endpoint({
    id: 'activation',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/activation',
    summary: 'A SIM activation in progress and since when (the support hint shows 15 minutes after it began)',
    answer: payload(z.object({ activating: z.boolean(), since: z.string().nullable() })),
    description: 'The activation in progress, if any',
  }),
  balanceSummary: endpoint({
    id: 'balanceSummary',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/balance/summary/current',
    summary: 'This month’s balance summary of one SIM',
    answer: payload(z.object({ current_month_balance_summary: BalanceSummarySchema })),
    description: 'Balance summary',
    errors: { 504: 'The billing platform does not answer' },
  }),
  notificationSummary: endpoint({
    id: 'notificationSummary',
    method: 'get',
    path: '/panda/protected/users/{user_id}/notification/inapp/summary',
    summary: 'In-app notifications: unread count and latest',
    answer: payload(
      z.object({ unread: z.number().int(), total: z.number().int(), latest: z.array(NotificationSchema) }),
    ),
    description: 'Summary',
  }),
  legacyStatus: endpoint({
    id: 'legacyStatus',
    method: 'get',
    path: '/panda/protected/users/{user_id}/flexidata/getislegacyuser',
    summary: 'Whether the member is on a legacy membership',
    answer: payload(
      z.object({ isLegacyUser: z.boolean(), legacyUserDetails: z.object({ memberShipType: z.string().nullable() }) }),
    ),
    description: 'Legacy status',
  }),
  bulkEligibility: endpoint({
    id: 'bulkMembershipEligibility',
    method: 'get',
    path: '/panda/protected/users/{user_id}/iseligibleforbulkmembership',
    summary:
      'Whether the member may buy the bulk membership (BDDVBL00): an active SIM with credit details and a membership bought before',
    answer: payload(z.object({ eligible: z.boolean() })),
    description: 'Eligibility',
  }),
  purchaseDetails: endpoint({
    id: 'purchaseDetails',
    method: 'get',
    path: '/panda/protected/users/{user_id}/purchase/details',
    summary: 'The member’s latest purchase and current membership',
    answer: payload(
      z.object({
        has_purchased: z.boolean(),
        last_purchase: z.object({ date: z.string(), description: z.string(), amount: z.number().int() }).nullable(),
        current_membership: z
          .object({
            sku: z.string(),
            name: z.string(),
            price_cents: z.number().int(),
            starts_at: z.string(),
            ends_at: z.string(),
          })
          .nullable(),
      }),
    ),
    description: 'Purchase details',
  }),
  dailyUsage: endpoint({
    id: 'dailyUsage',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/usage/daily',
    summary: 'Daily use in the current membership period, oldest first',
    answer: payload(
      z.object({
        values: z.array(
          z.object({ day: z.string(), data_kb: z.number().int(), minutes: z.number().int(), texts: z.number().int() }),
        ),
      }),
    ),
    description: 'Daily use',
  }),
  puk: endpoint({
    id: 'puk',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/puk',
    summary: 'The SIM’s PUK code',
    answer: payload(z.object({ puk: z.string() })),
    description: 'PUK',
  }),
};

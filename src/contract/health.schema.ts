import { z } from './zod.ts';
import { endpointsOf } from './shared.schema.ts';

/** Whether the server can reach its database (for load balancers and monitors). */
const endpoint = endpointsOf({ tag: 'Operations', access: 'public' });

export const healthApi = {
  health: endpoint({
    id: 'health',
    method: 'get',
    path: '/panda/health',
    summary: 'Whether the server can reach its database',
    answer: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
    description: 'Healthy',
    errors: { 503: 'The database does not answer' },
  }),
  ready: endpoint({
    id: 'ready',
    method: 'get',
    path: '/panda/ready',
    summary: 'Whether this instance should be sent traffic (readiness; /panda/health is liveness)',
    answer: z.object({
      status: z.literal('ready'),
      mail: z.enum(['ok', 'not configured']),
      cdn: z.object({
        purges: z.enum(['ok', 'waiting', 'retrying']),
        pending: z.number().int().min(0),
        last_error: z.string().optional(),
      }),
      network: z.object({
        pending: z.number().int().min(0),
        oldest_pending_s: z.number().int().min(0),
        failed: z.number().int().min(0),
        /** Orders the network holds back (TMF641 held or pending). */
        waiting: z.number().int().min(0),
        /** Open orders the network said may be late (a jeopardy alert). */
        in_jeopardy: z.number().int().min(0),
        /** Whether each of the network's hubs holds the portal's callback (TMF641, TMF635, TMF638). */
        hubs: z.object({ serviceOrdering: z.boolean(), usageManagement: z.boolean(), serviceInventory: z.boolean() }),
        dead_letters: z.number().int().min(0),
        drift: z.number().int().min(0),
        balance_drift: z.number().int().min(0),
        last_error: z.string().optional(),
      }),
      /** Use that credit could not pay for when it came (docs/product/money.md): how many uses and how much. */
      charging: z.object({ uncharged: z.number().int().min(0), uncharged_cents: z.number().int().min(0) }),
      /** Credit back by bank transfer (docs/product/money.md): transfers in no file yet, files not marked sent, and whether finance's page is on. */
      refunds: z.object({
        waiting: z.number().int().min(0),
        waiting_cents: z.number().int().min(0),
        unsent_files: z.number().int().min(0),
        unapproved_files: z.number().int(),
        console: z.enum(['on', 'off']),
      }),
      /** Live chat's desk (docs/product/customer-care.md): chats it has not opened after a failure, and the last reason. */
      chat: z.object({ unopened: z.number().int().min(0), last_error: z.string().optional() }),
      /** The staff console's identity provider (docs/product/staff.md): whether its discovery document answers, or off. */
      staff: z.object({ idp: z.enum(['ok', 'unreachable', 'off']) }),
    }),
    description:
      "Ready: the database answers, its migrations are all applied, the mail server (when configured) answered in the last 5 minutes, the server is not shutting down. `cdn` says whether the purges of published releases went through: `waiting` for every instance to serve a new release, `retrying` after the CDN refused one (with its last error); a purge that fails does not make the instance unready (another instance would not purge better). `network`: the orders to the mobile network it has not taken yet (and how long the oldest has waited), those failed, rejected, partly done or cancelled, those the network holds back (held or pending) or said may be late (jeopardy), whether each of the network's hubs holds the portal's callback, the events kept aside (dead letters), the lines the last reconciliation found different, the numbers whose credit differs from the network's prepaid balance (TMF654, where the network keeps one), and the last error met. `charging`: the uses credit could not pay for when they came (the line was barred), and their sum. `refunds`: the credit-back transfers waiting for a file and their sum, the files not approved by a second person of finance and those not marked sent, and whether the staff console, where finance makes and approves them, is on (off without STAFF_OIDC_*: the transfers wait). `chat`: the chats live chat's desk has not opened after a failure (each kept as a message after 5 tries, at once when the desk refuses the token), and the last reason in the past day. `staff.idp`: whether the staff console's identity provider answered its discovery document (within 3 seconds) when last asked: asked at the first readiness, then again behind the answer once the last is 30 seconds old, so a probe never waits for it; `off` when the console is; an identity provider that does not answer stops new staff sign-ins, not members, so it does not make the instance unready",
    errors: {
      503: 'Not ready: `reason` says why (database unreachable, migrations pending, mail server unreachable, shutting down)',
    },
  }),
};
export const readinessReasons = {
  database: 'database unreachable',
  migrations: 'migrations pending',
  mail: 'mail server unreachable',
  draining: 'shutting down',
  prices: 'prices not loaded',
} as const;
export const NotReadySchema = z.object({
  status: z.literal('not ready'),
  reason: z.enum([
    'database unreachable',
    'migrations pending',
    'mail server unreachable',
    'shutting down',
    'prices not loaded',
  ]),
});
export const HealthDegradedSchema = z.object({ status: z.literal('degraded'), database: z.literal('unreachable') });

import { z } from './zod.ts';
import { endpointsOf, PageCursor, payload } from './shared.schema.ts';
import { ALERT_CAUSES, ALERT_LABELS, RENEWAL_REMINDER_DAYS, type AlertCause } from './alerts.ts';

export { ALERT_CAUSES, ALERT_LABELS, RENEWAL_REMINDER_DAYS, type AlertCause };

const Channels = z.object({ in_app: z.boolean(), email: z.boolean() });
export const AlertSettingsSchema = z
  .object(Object.fromEntries(ALERT_CAUSES.map((c) => [c, Channels])) as Record<AlertCause, typeof Channels>)
  .meta({ id: 'AlertSettings' });
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;
const AlertSchema = z
  .object({
    id: z.number().int(),
    cause: z.enum(ALERT_CAUSES),
    title: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Alert' });

const endpoint = endpointsOf({ tag: 'Alerts', access: 'member' });

export const alertsApi = {
  settings: endpoint({
    id: 'alertSettings',
    method: 'get',
    path: '/panda/protected/users/{user_id}/alerts/settings',
    summary: 'Which alerts the member gets, in the app and by e-mail',
    answer: payload(AlertSettingsSchema),
    description: 'The switches',
  }),
  saveSettings: endpoint({
    id: 'saveAlertSettings',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/alerts/settings',
    summary: 'Switches alerts on or off, per cause and channel',
    body: AlertSettingsSchema,
    answer: payload(AlertSettingsSchema),
    description: 'The switches',
  }),
  list: endpoint({
    id: 'alerts',
    method: 'get',
    path: '/panda/protected/users/{user_id}/alerts',
    summary: 'The alerts raised for the member, newest first, 50 a page',
    query: z.object({
      before: PageCursor.optional().meta({ description: 'The `next` of the page before: the 50 after it' }),
    }),
    answer: payload(
      z.object({
        values: z.array(AlertSchema),
        next: z.string().nullable().meta({ description: 'Where the next page starts (its `before`), or null' }),
      }),
    ),
    description: 'Alerts',
  }),
};

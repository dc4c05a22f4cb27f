import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { payload, UserParams } from './schemas.ts';

/** Alerts (member-controls.md): each cause in the app and by e-mail, each switchable. */
export const ALERT_CAUSES = ['data80', 'data100', 'renewal', 'cardExpiry', 'renewalFailed'] as const;
export type AlertCause = (typeof ALERT_CAUSES)[number];
export const ALERT_LABELS: Record<AlertCause, { name: string; hint: string }> = {
  data80: { name: 'Data at 80 %', hint: 'When you have used 80 % of your membership’s data.' },
  data100: { name: 'Data used up', hint: 'When your membership’s data is all used.' },
  renewal: { name: 'Renewal reminder', hint: '3 days before your membership renews or ends.' },
  cardExpiry: { name: 'Card expiring', hint: 'When your stored card expires before your next renewal.' },
  renewalFailed: { name: 'Failed renewal', hint: 'When we could not renew your membership.' },
};
/** How many days before the renewal date the reminder comes. */
export const RENEWAL_REMINDER_DAYS = 3;

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

export const alertsApi = {
  settings: endpoint({
    id: 'alertSettings',
    method: 'get',
    path: '/panda/protected/users/{user_id}/alerts/settings',
    access: 'member',
    tag: 'Alerts',
    summary: 'Which alerts the member gets, in the app and by e-mail',
    params: UserParams,
    answer: payload(AlertSettingsSchema),
    description: 'The switches',
  }),
  saveSettings: endpoint({
    id: 'saveAlertSettings',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/alerts/settings',
    access: 'member',
    tag: 'Alerts',
    summary: 'Switches alerts on or off, per cause and channel',
    params: UserParams,
    body: AlertSettingsSchema,
    answer: payload(AlertSettingsSchema),
    description: 'The switches',
  }),
  list: endpoint({
    id: 'alerts',
    method: 'get',
    path: '/panda/protected/users/{user_id}/alerts',
    access: 'member',
    tag: 'Alerts',
    summary: 'The alerts raised for the member, newest first (the last 50)',
    params: UserParams,
    answer: payload(z.object({ values: z.array(AlertSchema) })),
    description: 'Alerts',
  }),
};

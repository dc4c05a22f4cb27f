import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/**
 * Notifications on this device (docs/product/phone.md, Web Push): the member's devices subscribe with the
 * server's VAPID public key; every alert is also pushed to them; a test sends one to each.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** The my48 address a click on the notification opens. */
  url: string;
}

/** base64url of `bytes` bytes (unpadded: 4 characters per 3 bytes, rounded up; padding allowed). */
const base64url = (bytes: number, what: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const pad = (3 - (bytes % 3)) % 3;
  return z
    .string({ error: `${what} is missing` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}(={${pad}})?$`), { error: `${what} must be ${bytes} bytes, base64url` });
};

/** A PushSubscription as the browser's toJSON() gives it. */
export const PushSubscriptionForm = z
  .object({
    endpoint: z
      .string({ error: 'endpoint is missing' })
      .max(2048)
      .pipe(z.url({ error: 'endpoint must be a URL' })),
    keys: z.object({
      p256dh: base64url(65, 'keys.p256dh'),
      auth: base64url(16, 'keys.auth'),
    }),
  })
  .meta({ id: 'PushSubscription' });

const PushState = z
  .object({
    public_key: z
      .string()
      .nullable()
      .meta({ description: 'The VAPID public key to subscribe with; null: push is not set up' }),
    devices: z.number().int().meta({ description: 'How many devices of the member have notifications on' }),
    this_device: z.boolean().meta({
      description:
        'Whether this session’s device has notifications on (a subscription belongs to the session that made it)',
    }),
  })
  .meta({ id: 'PushState' });

const endpoint = endpointsOf({ tag: 'Alerts', access: 'member' });

export const pushApi = {
  state: endpoint({
    id: 'pushState',
    method: 'get',
    path: '/panda/protected/users/{user_id}/push',
    summary: 'The VAPID public key and how many devices of the member get notifications',
    answer: payload(PushState),
    description: 'The state',
  }),
  subscribe: endpoint({
    id: 'pushSubscribe',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/push/subscriptions',
    summary:
      'Keeps this device’s push subscription for this session (https endpoints of the browsers’ push services and PUSH_ENDPOINT_ORIGINS only); it ends with the session (log-out, a password change or reset); at most 10 a member, the oldest goes',
    body: PushSubscriptionForm,
    status: 201,
    answer: payload(PushState),
    description: 'Kept',
    errors: { 400: 'Not a push service we send to, or bad keys', 503: 'Push is not set up' },
  }),
  unsubscribe: endpoint({
    id: 'pushUnsubscribe',
    moves: 'none',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/push/subscriptions',
    summary: 'Removes this device’s push subscription',
    body: z.object({ endpoint: z.string().max(2048) }),
    answer: payload(PushState),
    description: 'Removed',
  }),
  test: endpoint({
    id: 'pushTest',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/push/test',
    summary: 'Sends a test notification to every device of the member; says to how many it went',
    answer: payload(z.object({ sent: z.number().int(), message: z.string() })),
    description: 'Sent',
    errors: { 503: 'Push is not set up' },
  }),
};

export const pushFailures = failures('push', {
  endpointRefused: {
    status: 400,
    message: 'That push service is not one we send notifications through.',
  },
  notSetUp: { status: 503, message: 'Notifications are not available right now. Please try again later.' },
});

export const TEST_PUSH: PushMessage = {
  title: 'Notifications are on',
  body: 'This is a test from 48. Alerts about your data and your membership will come here too.',
  url: '/my48/settings/alerts',
};

export const pushSentMessage = (n: number) =>
  n === 0
    ? 'No device of yours has notifications on just now.'
    : `We sent a test notification to ${n === 1 ? '1 device' : `${n} devices`}.`;

import { z } from 'zod';
import { integration, settings, type Integration } from '../integration.ts';
import { webPushSender, type PushSender } from './index.ts';

/** Web Push's keys and the push services it may send to. */
export const pushSettings = settings({
  shape: {
    /** Web Push (docs/product/phone.md): the VAPID key pair (base64url, as web-push makes them) and the contact (mailto: or https:). Unset in development: made once and kept in DATA_DIR/secrets.json; required in production. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (43 characters)' })
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { error: 'must be a mailto: or https:// URL' })
      .optional(),
    /** Push services besides the browsers' own (docs/product/phone.md): origins (https://host[:port]), comma-separated; for tests and private push services. */
    PUSH_ENDPOINT_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https$/, error: 'each must be an https:// origin' }))),
  },
  requiredInProduction: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'],
});

/** Web Push (docs/product/phone.md): the real protocol always (the browsers' push services are the outside service). */
export const push: Integration<PushSender> = integration<PushSender>({
  create: ({ config }) => webPushSender(config.push?.vapid),
});

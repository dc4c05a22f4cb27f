import { createHmac } from 'node:crypto';
import { encodeSignatureHeader } from '@sanity/webhook';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import {
  HARNESS_SANITY_SECRET,
  TEST_CHAT_WEBHOOK_SECRET,
  TEST_HELPDESK_WEBHOOK_SECRET,
  TEST_NETWORK_EVENT_SECRET,
} from './harness.ts';

/** The CMS's webhook secret, as the harness's publishing has it. */
export const SANITY_SECRET = HARNESS_SANITY_SECRET;

/** A signed endpoint (a webhook another system calls) and how its caller signs a body, with the harness's secrets. */
export interface Signed {
  name: string;
  path: string;
  sign(body: string, now: Date): Promise<Record<string, string>>;
}

/** Every signed endpoint of the API, signed as each caller signs. */
export const SIGNED_ENDPOINTS: Signed[] = [
  {
    name: "the help desk's webhook",
    path: '/panda/public/helpdesk/events',
    sign: async (body, now) => {
      const timestamp = now.toISOString();
      return {
        'x-zendesk-webhook-signature': createHmac('sha256', TEST_HELPDESK_WEBHOOK_SECRET)
          .update(timestamp + body)
          .digest('base64'),
        'x-zendesk-webhook-signature-timestamp': timestamp,
      };
    },
  },
  {
    name: "the chat desk's webhook",
    path: '/panda/public/chat/desk-events',
    sign: async (body, now) => {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      return {
        'x-chatwoot-signature': `sha256=${createHmac('sha256', TEST_CHAT_WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex')}`,
        'x-chatwoot-timestamp': timestamp,
      };
    },
  },
  {
    name: "the CMS's publish webhook",
    path: '/panda/public/cms/publish',
    sign: async (body, now) => ({
      'sanity-webhook-signature': await encodeSignatureHeader(body, now.getTime(), SANITY_SECRET),
    }),
  },
  {
    name: "the mobile network's listener",
    path: '/panda/network/listener',
    sign: async (body, now) => ({
      'x-network-signature': networkSignature(TEST_NETWORK_EVENT_SECRET, body, now.getTime()),
    }),
  },
];

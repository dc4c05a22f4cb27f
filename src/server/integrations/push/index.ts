import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Vapid } from '../../vapid.ts';

/** A device's subscription as the browser gave it (docs/product/phone.md): where to send, and the keys to encrypt for. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends Web Push messages: the push service's HTTP status, or undefined when it could not be reached. */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (undefined: push is not set up). */
  publicKey: string | undefined;
  send(target: PushTarget, payload: string): Promise<number | undefined>;
}

/**
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and aes128gcm (RFC 8291), by `web-push`.
 * The caller checks the endpoint before (modules/alerts/push.ts: only the push services' hosts); web-push
 * follows no redirect, so an allowed host cannot send us elsewhere. `agent` is for a private push
 * service whose certificate the system does not trust (tests).
 */
export function webPushSender(
  vapid: Vapid | undefined,
  { agent, timeoutMs = 5_000 }: { agent?: Agent; timeoutMs?: number } = {},
): PushSender {
  return {
    publicKey: vapid?.publicKey,
    async send(target, payload) {
      if (!vapid) return undefined;
      try {
        const result = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: vapid,
            contentEncoding: 'aes128gcm',
            TTL: 24 * 3600,
            urgency: 'normal',
            timeout: timeoutMs,
            ...(agent ? { agent } : {}),
          },
        );
        return result.statusCode;
      } catch (error) {
        if (error instanceof webpush.WebPushError) return error.statusCode;
        return undefined;
      }
    },
  };
}

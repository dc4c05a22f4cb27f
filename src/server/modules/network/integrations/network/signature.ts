import { createHmac, timingSafeEqual } from 'node:crypto';
import { NETWORK_SIGNATURE_TOLERANCE_S } from '../../../../../contract/network.ts';

const hmac = (secret: string, t: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');

/** The `X-Network-Signature` of an event: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`. */
export function networkSignature(secret: string, rawBody: string, nowMs: number): string {
  const t = String(Math.floor(nowMs / 1000));
  return `t=${t},v1=${hmac(secret, t, rawBody)}`;
}

/**
 * Whether an event carries a good signature (docs/product/network.md): made with the secret over
 * these very bytes, at a time no more than 300 s from ours, compared in constant time.
 */
export function validNetworkSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(nowMs / 1000 - Number(t)) > NETWORK_SIGNATURE_TOLERANCE_S) return false;
  return timingSafeEqual(Buffer.from(hmac(secret, t, rawBody), 'hex'), Buffer.from(v1, 'hex'));
}

import { createCipheriv, createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** One call, no Hash object (every protected call hashes its session token). */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The XSRF token of a session: an HMAC of the session's token hash, so it needs no storage. */
export function xsrfTokenFor(tokenHash: string, secret: string): string {
  return createHmac('sha256', secret).update(`xsrf:${tokenHash}`).digest('base64url');
}

/** x-gg-emv: the e-mail-verified flag, AES-ECB with PKCS7 padding under the configured base64 key (spec section 9). */
export function encryptEmv(verified: boolean, keyBase64: string): string {
  const key = Buffer.from(keyBase64, 'base64');
  const cipher = createCipheriv(`aes-${key.length * 8}-ecb`, key, null);
  return Buffer.concat([cipher.update(String(verified), 'utf8'), cipher.final()]).toString('base64');
}

import Cookies from 'js-cookie';
import { cookieAttributes, TRANSACTION_COOKIE } from './auth-code.ts';

/**
 * The transaction code sent as x-gg-transaction (spec section 3): a random UUID, hashed
 * (SHA-256, by the browser's own Web Crypto), wrapped in fixed pre- and post-token text. Kept in
 * a cookie so one visit uses one code.
 */
export { TRANSACTION_COOKIE };
const PRE_TOKEN = '48-pre-';
const POST_TOKEN = '-post-48';

export async function newTransactionCode(uuid: string = crypto.randomUUID()): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(uuid));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${PRE_TOKEN}${hex}${POST_TOKEN}`;
}

export async function transactionCode(): Promise<string> {
  const existing = Cookies.get(TRANSACTION_COOKIE);
  if (existing) return existing;
  const code = await newTransactionCode();
  Cookies.set(TRANSACTION_COOKIE, code, cookieAttributes());
  return code;
}

import SHA256 from 'crypto-js/sha256';
import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_DAYS } from './session-cookies.ts';

/**
 * The transaction code sent as x-gg-transaction (spec section 3): a random UUID, hashed, wrapped
 * in fixed pre- and post-token text. Kept in a cookie so one page visit uses one code.
 */
export const TRANSACTION_COOKIE = 'ggTransaction';
const PRE_TOKEN = '48-pre-';
const POST_TOKEN = '-post-48';

export function newTransactionCode(uuid: string = crypto.randomUUID()): string {
  return `${PRE_TOKEN}${SHA256(uuid).toString()}${POST_TOKEN}`;
}

export function transactionCode(): string {
  const existing = Cookies.get(TRANSACTION_COOKIE);
  if (existing) return existing;
  const code = newTransactionCode();
  Cookies.set(TRANSACTION_COOKIE, code, { expires: COOKIE_LIFETIME_DAYS, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
  return code;
}

import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { EMV_KEY_BASE64 } from '../contract/constants.ts';

/** Decrypts the x-gg-emv header: AES in ECB mode with PKCS7 padding under the configured base64 key (spec section 9). */
export function decryptEmv(value: string, keyBase64: string = EMV_KEY_BASE64): string {
  try {
    return AES.decrypt(value, Base64.parse(keyBase64), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
  } catch {
    return '';
  }
}

/** Spec section 5: verified only if the decrypted header equals the account's is_verified and is 'true'. */
export function isEmailVerified(emvHeader: string | null | undefined, isVerified: boolean): boolean {
  if (!emvHeader) return false;
  const decrypted = decryptEmv(emvHeader);
  return decrypted === String(isVerified) && decrypted === 'true';
}

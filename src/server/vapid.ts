import { join } from 'node:path';
import webpush from 'web-push';
import { addToSecretsFile, readSecretsFile } from './secrets.ts';

/** The server's VAPID key pair and contact (docs/product/phone.md): what push services know the sender by. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (docs/product/phone.md): given, they are used; unset in
 * development, a pair is made once and kept in DATA_DIR/secrets.json beside the other kept secrets
 * (a new pair would end every device's subscription), the subject being the site. Production
 * requires all three (env.ts refuses to start without them).
 */
export function resolveVapid(
  given: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
  },
  { dataDir, siteUrl }: { dataDir: string; siteUrl: string },
): Vapid & { source: 'env' | 'file' | 'generated' } {
  // Push services take an https: or mailto: contact; a development origin is http:.
  const subject = given.VAPID_SUBJECT ?? (siteUrl.startsWith('https:') ? siteUrl : 'mailto:hello@48.ie');
  if (given.VAPID_PUBLIC_KEY && given.VAPID_PRIVATE_KEY)
    return { publicKey: given.VAPID_PUBLIC_KEY, privateKey: given.VAPID_PRIVATE_KEY, subject, source: 'env' };
  const file = join(dataDir, 'secrets.json');
  const kept = readSecretsFile(file);
  if (kept['VAPID_PUBLIC_KEY'] && kept['VAPID_PRIVATE_KEY'])
    return { publicKey: kept['VAPID_PUBLIC_KEY'], privateKey: kept['VAPID_PRIVATE_KEY'], subject, source: 'file' };
  const made = webpush.generateVAPIDKeys();
  addToSecretsFile(dataDir, { VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey });
  // Of two servers starting at once, the pair in the file wins.
  const now = readSecretsFile(file);
  const publicKey = now['VAPID_PUBLIC_KEY'] ?? made.publicKey;
  const privateKey = now['VAPID_PRIVATE_KEY'] ?? made.privateKey;
  return { publicKey, privateKey, subject, source: publicKey === made.publicKey ? 'generated' : 'file' };
}

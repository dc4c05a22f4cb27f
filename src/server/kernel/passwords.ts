import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id floor: m = 19 MiB, t = 2, p = 1 (ADR 013). The hash is a PHC string that
// carries its parameters, so they can be raised later: `needsRehash` then says which hashes are
// behind, and the log-in upgrades them while it still has the password in hand.
// Algorithm.Argon2id is a const enum (2), which verbatimModuleSyntax cannot import as a value.
const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

// Hashes written before ADR 013: scrypt$N$r$p$salt$key (OWASP's scrypt minimum, N=2^17).
function scryptKey(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split('$');
  if (!n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptKey(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), ARGON2);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password.normalize('NFKC'));
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

/** True for a hash made by an older scheme or weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the e-mail is unknown, so both failures take the same time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/** An scrypt hash in the pre-ADR-013 format, for the tests of the upgrade path and for seeding such a member. */
export async function legacyScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const [N, r, p] = [2 ** 17, 8, 1];
  const key = await scryptKey(password, salt, 32, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

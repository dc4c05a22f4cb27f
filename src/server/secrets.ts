import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server's own secrets: random values nobody else needs to know, so they can be made here. */
export const OWN_SECRETS = { SESSION_SECRET: 32, HELPDESK_SECRET: 48, CAPTCHA_HMAC_KEY: 32 } as const;
export type OwnSecret = keyof typeof OWN_SECRETS;

export interface ResolvedSecrets {
  values: Record<OwnSecret, string>;
  /** Where each value came from: the environment, the secrets file, or made now (and kept in the file). */
  source: Record<OwnSecret, 'env' | 'file' | 'generated'>;
  file: string;
}

const FILE = 'secrets.json';

/** Every string entry of the secrets file (the VAPID keys live there too: vapid.ts), or none. */
export function readSecretsFile(file: string): Record<string, string> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

/**
 * Adds entries to the secrets file (mode 600): a new file is created exclusively (of two servers
 * starting at once, one writes and the other reads it); an existing one is replaced whole, written
 * aside and renamed over it, keeping every entry it had.
 */
export function addToSecretsFile(dataDir: string, entries: Record<string, string>): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, FILE);
  try {
    if (!existsSync(file)) writeFileSync(file, JSON.stringify(entries, null, 2), { mode: 0o600, flag: 'wx' });
    else {
      const aside = `${file}.${process.pid}.tmp`;
      writeFileSync(aside, JSON.stringify({ ...readSecretsFile(file), ...entries }, null, 2), { mode: 0o600 });
      renameSync(aside, file);
    }
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function readKept(file: string): Partial<Record<OwnSecret, string>> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([name, value]) => name in OWN_SECRETS && typeof value === 'string' && value.length >= 32,
      ),
    ) as Partial<Record<OwnSecret, string>>;
  } catch {
    return {};
  }
}

/**
 * The three secrets the server signs with (sessions' XSRF tokens, help-desk sign-on, captcha
 * challenges). A value in the environment wins. In production every one must be there (several
 * instances must share them, and a file on one machine is not a secret store): the start is
 * refused. Otherwise they are made once and kept in `<dataDir>/secrets.json` (mode 600), so a
 * restart of the embedded server does not end every session.
 */
export function resolveSecrets(
  given: Partial<Record<OwnSecret, string | undefined>>,
  { dataDir, production }: { dataDir: string; production: boolean },
): ResolvedSecrets {
  const names = Object.keys(OWN_SECRETS) as OwnSecret[];
  const file = join(dataDir, FILE);
  const missing = names.filter((name) => !given[name]);
  if (production && missing.length > 0) {
    throw new Error(
      `Invalid configuration: ${missing.join(', ')} must be set when NODE_ENV=production (32+ random characters each)`,
    );
  }
  const values = {} as Record<OwnSecret, string>;
  const source = {} as Record<OwnSecret, 'env' | 'file' | 'generated'>;
  if (missing.length === 0) {
    for (const name of names) [values[name], source[name]] = [given[name]!, 'env'];
    return { values, source, file };
  }

  mkdirSync(dataDir, { recursive: true });
  let kept = readKept(file);
  const absent = missing.filter((name) => !kept[name]);
  if (absent.length > 0) {
    const made = Object.fromEntries(absent.map((name) => [name, randomBytes(OWN_SECRETS[name]).toString('base64url')]));
    addToSecretsFile(dataDir, made);
    kept = readKept(file);
    for (const name of absent) if (kept[name] === made[name]) source[name] = 'generated';
  }
  for (const name of names) {
    if (given[name]) [values[name], source[name]] = [given[name], 'env'];
    else {
      const value = kept[name];
      if (!value) throw new Error(`${name} could not be kept in ${file}`);
      values[name] = value;
      source[name] ??= 'file';
    }
  }
  return { values, source, file };
}

import { z } from 'zod';
import { EMV_KEY_BASE64 } from '../contract/constants.ts';
import { trustOf } from './http/proxy.ts';
import { resolveSecrets, type OwnSecret } from './secrets.ts';
import { commaList, flag } from './integrations/integration.ts';
import { integrationShape, missingInProduction, settingsProblems } from './integrations/settings.ts';

/**
 * The only reader of process.env. Everything the server is configured with is validated
 * here once, at start, so a bad value stops the process with a clear message. The server's own
 * settings are here; each outside service's are declared in its folder (integrations/settings.ts).
 */
const schema = z.object({
  ...integrationShape,
  /** production: the server's secrets must be given (see secrets.ts); otherwise they are kept under DATA_DIR. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DIST_DIR: z.string().min(1).default('dist'),
  /** The public origin: every link mailed or answered (never the request's Host); unset, the listening origin. */
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** npm run dev: Astro's dev server serves the site, this process only the API. */
  API_ONLY: flag(false),
  DATABASE_URL: z
    .string()
    .regex(/^(memory:\/\/|postgres(ql)?:\/\/.+)$/, { error: 'must be memory:// or postgres://…' })
    .optional(),
  /** Where the embedded database (PGlite files, when DATABASE_URL is unset) is kept. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Connections of the PostgreSQL pool (on 2 shared cores, 3 to 20 gave the same throughput). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Signs XSRF tokens. Unset (not in production): made once and kept in DATA_DIR/secrets.json. */
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Stand-ins for outside services (/sandbox/…): on for trying (no https SITE_URL), else only when true; never in production. */
  SANDBOX: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** The member factory over HTTP (POST /sandbox/test-members) for the browser tests; refused in production. */
  TEST_MEMBERS: flag(false),
  EMV_KEY: z
    .base64()
    .refine((v) => [16, 24, 32].includes(Buffer.from(v, 'base64').length), {
      error: 'must be a base64 AES key of 16, 24 or 32 bytes',
    })
    .default(EMV_KEY_BASE64),
  /** The proxies in front (docs/product/production.md): addresses or CIDR ranges, comma-separated, `loopback` for 127.0.0.0/8 and ::1. Unset: none trusted. */
  TRUST_PROXY: commaList.refine(
    (entries) => {
      try {
        trustOf(entries);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must be addresses, CIDR ranges or loopback, comma-separated' },
  ),
  ALLOWED_ORIGINS: commaList,
  /** The tag manager container the site was built with (loaded after consent); its origins are allowed in the CSP. */
  PUBLIC_GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Google Tag Manager id (GTM-XXXXXXX)')
    .optional(),
  /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; unset: none. Keep the address private. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** How long a shutdown (SIGTERM) waits for requests in flight and a running job before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  /** Log-ins one address may try per window (people behind one office or campus address share it). */
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
});

/**
 * docs/product/production.md: production refuses what is only for trying. Every problem at once, so an operator
 * fixes them in one go: PostgreSQL only, no sandbox, every outside service's real settings.
 */
function productionProblems(env: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL))
    problems.push('DATABASE_URL must be a postgres:// URL (the embedded database is for trying only)');
  if (env.SANDBOX === true) problems.push('SANDBOX=true is not allowed with NODE_ENV=production');
  if (env.TEST_MEMBERS) problems.push('TEST_MEMBERS=true is not allowed with NODE_ENV=production');
  // Shared credentials are retired (docs/product/staff.md): finance and editors sign in as themselves.
  for (const retired of ['FINANCE_TOKEN', 'CMS_EDITOR_TOKEN'] as const)
    if (env[retired])
      problems.push(
        `${retired} is retired in production: finance and editors sign in to the staff console (STAFF_OIDC_*)`,
      );
  // SITE_URL first, then each integration's own (integrations/settings.ts), then the session's secret.
  const missing = [
    ...(env.SITE_URL ? [] : ['SITE_URL']),
    ...missingInProduction(env),
    ...(env.SESSION_SECRET ? [] : ['SESSION_SECRET']),
  ];
  if (missing.length > 0) problems.push(`${missing.join(', ')} must be set when NODE_ENV=production`);
  return problems;
}

export type Env = Omit<z.infer<typeof schema>, 'SANDBOX' | 'SITE_URL'> & {
  SANDBOX: boolean;
  SITE_URL: string;
} & Record<OwnSecret, string> & {
    /** Secrets not in the environment, with where they came from (the secrets file, or made at this start). */
    keptSecrets: { name: OwnSecret; source: 'file' | 'generated'; file: string }[];
  };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  // What goes together, and what a chosen provider needs: each integration says (integrations/settings.ts).
  const settingsProblem = settingsProblems(parsed.data);
  if (settingsProblem.length > 0) throw new Error(`Invalid configuration: ${settingsProblem.join('; ')}`);
  const production = parsed.data.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(parsed.data);
    if (problems.length > 0) throw new Error(`Invalid configuration for production: ${problems.join('; ')}`);
  }
  const secrets = resolveSecrets(parsed.data, { dataDir: parsed.data.DATA_DIR, production });
  const keptSecrets = (Object.entries(secrets.source) as [OwnSecret, 'env' | 'file' | 'generated'][])
    .filter((entry): entry is [OwnSecret, 'file' | 'generated'] => entry[1] !== 'env')
    .map(([name, source]) => ({ name, source, file: secrets.file }));
  // The sandboxes are for trying the portal: on by default only there (no NODE_ENV=production and no
  // https SITE_URL, which names a public host); anywhere else only when SANDBOX=true is said out loud,
  // and never in production.
  const siteUrl = (parsed.data.SITE_URL ?? listeningOrigin(parsed.data.HOST, parsed.data.PORT)).replace(/\/$/, '');
  return {
    ...parsed.data,
    SITE_URL: siteUrl,
    SANDBOX: parsed.data.SANDBOX ?? (!production && !siteUrl.startsWith('https://')),
    ...secrets.values,
    keptSecrets,
  };
}

/** Where a development server is reached when SITE_URL is unset: its own host and port (any address: localhost). */
function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

import type { AppConfig } from './config.ts';
import type { Env } from './env.ts';
import type { Vapid } from './vapid.ts';
import { cspReportUriOf } from './http/csp-reports.ts';
import { DEVELOPMENT_NETWORK_SECRET } from './modules/network/index.ts';
import { SANDBOX_DEBTOR } from './modules/money/index.ts';
import { SANDBOX_CLIENT, SANDBOX_IDP_PATH } from './modules/staff/index.ts';

/**
 * The staff console's identity provider: the one set, else the sandbox's own where the sandboxes
 * answer; elsewhere none (the console is off). A sign-in with no second factor is refused in production.
 */
function staffConfig(env: Env): Pick<AppConfig, 'staff'> {
  const requireMfa = env.NODE_ENV === 'production';
  if (env.STAFF_OIDC_ISSUER && env.STAFF_OIDC_CLIENT_ID && env.STAFF_OIDC_CLIENT_SECRET)
    return {
      staff: {
        issuer: env.STAFF_OIDC_ISSUER,
        clientId: env.STAFF_OIDC_CLIENT_ID,
        clientSecret: env.STAFF_OIDC_CLIENT_SECRET,
        roleClaim: env.STAFF_OIDC_ROLE_CLAIM,
        requireMfa,
      },
    };
  if (!env.SANDBOX) return {};
  return {
    staff: {
      issuer: `${new URL(env.SITE_URL).origin}${SANDBOX_IDP_PATH}`,
      clientId: SANDBOX_CLIENT.id,
      clientSecret: SANDBOX_CLIENT.secret,
      roleClaim: env.STAFF_OIDC_ROLE_CLAIM,
      requireMfa,
    },
  };
}

/** The app's configuration from the environment read at start (main.ts), with the VAPID keys resolved. */
export function appConfigOf(env: Env, vapid: Vapid): AppConfig {
  const cspReportUri = cspReportUriOf(env.PUBLIC_SENTRY_DSN, env.SANDBOX);
  return {
    sessionSecret: env.SESSION_SECRET,
    emvKeyBase64: env.EMV_KEY,
    siteUrl: env.SITE_URL,
    ...(env.NODE_ENV === 'production'
      ? { relyingParty: { id: new URL(env.SITE_URL).hostname, origin: new URL(env.SITE_URL).origin } }
      : {}),
    allowedOrigins: env.ALLOWED_ORIGINS,
    push: { vapid, endpointOrigins: env.PUSH_ENDPOINT_ORIGINS },
    trustProxy: env.TRUST_PROXY,
    ...(env.PUBLIC_SENTRY_DSN ? { errorReportOrigin: new URL(env.PUBLIC_SENTRY_DSN).origin } : {}),
    ...(cspReportUri ? { cspReportUri } : {}),
    tagManager: env.PUBLIC_GTM_ID !== undefined,
    rateLimit: {
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      loginPerIp: env.LOGIN_RATE_LIMIT_PER_IP,
      loginFailuresPerAccount: 5,
    },
    helpdeskSecret: env.HELPDESK_SECRET,
    ...(env.SANITY_PROJECT_ID && env.SANITY_DATASET
      ? {
          contentSource: {
            projectId: env.SANITY_PROJECT_ID,
            dataset: env.SANITY_DATASET,
            token: env.SANITY_API_TOKEN,
            apiHost: env.SANITY_API_HOST,
          },
        }
      : {}),
    network: {
      eventSecret: listenerSecret(env),
      sandboxDelayMs: env.NETWORK_SANDBOX_DELAY_MS,
      ratesUsage: env.NETWORK_RATES_USAGE,
    },
    sandbox: env.SANDBOX,
    ...staffConfig(env),
    finance: {
      ...(env.REFUND_DEBTOR_NAME && env.REFUND_DEBTOR_IBAN && env.REFUND_DEBTOR_BIC
        ? {
            debtor: {
              name: env.REFUND_DEBTOR_NAME,
              iban: env.REFUND_DEBTOR_IBAN,
              bic: env.REFUND_DEBTOR_BIC,
              painFormat: env.REFUND_PAIN_FORMAT,
            },
          }
        : env.SANDBOX
          ? { debtor: { ...SANDBOX_DEBTOR, painFormat: env.REFUND_PAIN_FORMAT } }
          : {}),
    },
    testMembers: env.TEST_MEMBERS,
    ...(env.HELPDESK_URL ? { helpdeskUrl: env.HELPDESK_URL } : {}),
    ...(env.HELPDESK_WEBHOOK_SECRET ? { helpdeskWebhookSecret: env.HELPDESK_WEBHOOK_SECRET } : {}),
    ...(env.CHAT_WEBHOOK_SECRET ? { chatWebhookSecret: env.CHAT_WEBHOOK_SECRET } : {}),
    captcha: {
      hmacKey: env.CAPTCHA_HMAC_KEY,
      maxNumber: env.CAPTCHA_MAX_NUMBER,
      ttlMs: 10 * 60_000,
      ...(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? {
            recaptcha: {
              siteKey: env.RECAPTCHA_SITE_KEY,
              secretKey: env.RECAPTCHA_SECRET_KEY,
              domain: env.RECAPTCHA_DOMAIN,
            },
          }
        : {}),
    },
  };
}

/**
 * The secret the network's events are signed with: the one set, else the development secret only
 * where the sandboxes answer (it is published in this repo, so it proves nothing anywhere else);
 * elsewhere none, and the listener is not there (404) until NETWORK_EVENT_SECRET is set. Production
 * requires one (env.ts).
 */
export function listenerSecret(env: Pick<Env, 'NETWORK_EVENT_SECRET' | 'SANDBOX'>): string | undefined {
  return env.NETWORK_EVENT_SECRET ?? (env.SANDBOX ? DEVELOPMENT_NETWORK_SECRET : undefined);
}

/** What a start says of secrets it had to make or read from the data folder (they must be set in production). */
export function startWarnings(env: Env, vapid: Vapid & { source: string }): string[] {
  return [
    ...(listenerSecret(env)
      ? []
      : [
          'NETWORK_EVENT_SECRET is not set: the network listener (/panda/network/listener) answers 404 until it is (the development secret serves only with the sandboxes)',
        ]),
    ...env.keptSecrets.map(
      (kept) =>
        `${kept.name} is not set: ${kept.source === 'generated' ? 'made one and kept it' : 'using the one kept'} in ${kept.file} (set it in production)`,
    ),
    ...(vapid.source !== 'env'
      ? [
          `VAPID_PUBLIC_KEY is not set: ${vapid.source === 'generated' ? 'made a pair and kept it' : 'using the pair kept'} in ${env.DATA_DIR}/secrets.json (set it in production)`,
        ]
      : []),
  ];
}

/** Whether the sandboxes answer, and why: said at every start. */
export function sandboxNote(
  env: Pick<Env, 'SANDBOX' | 'NODE_ENV' | 'SITE_URL'>,
  said = process.env['SANDBOX'],
): string {
  if (env.SANDBOX)
    return `sandboxes on (/sandbox/…): stand-ins for the outside services, for trying the portal${said === 'true' ? ', as SANDBOX=true says' : ''}`;
  if (env.NODE_ENV === 'production') return 'sandboxes off (production)';
  return env.SITE_URL.startsWith('https://')
    ? 'sandboxes off: SITE_URL is https, a public host (SANDBOX=true turns them on to try the portal there)'
    : 'sandboxes off (SANDBOX=false)';
}

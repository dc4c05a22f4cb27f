import { z } from 'zod';
import { credential, settings } from '../integration.ts';

/**
 * Where unexpected errors go (docs/product/operations.md): Sentry, for the server (SENTRY_DSN; error-reporting.ts
 * loads it only then) and for the browser (the DSN the site was built with, allowed by the CSP).
 */
export const errorReportsSettings = settings({
  shape: {
    /** Sentry: server errors are reported there when set (scrubbed of personal data); unset: nowhere. */
    SENTRY_DSN: z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN (https://key@host/project)' }).optional(),
    /** The DSN the site was built with (browser reports); its origin is allowed in the CSP's connect-src. */
    PUBLIC_SENTRY_DSN: z
      .url({ protocol: /^https?$/, error: 'must be a Sentry DSN (https://key@host/project)' })
      .optional(),
    SENTRY_ENVIRONMENT: z.string().min(1).default('production'),
    SENTRY_RELEASE: credential(),
  },
});

import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { CaptchaConfig } from './integrations/captcha/index.ts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { Database } from './db/client.ts';
import type { members } from './db/schema.ts';
import type { Clock } from './services/clock.ts';

export interface AppConfig {
  /** Signs XSRF tokens; server-only. */
  sessionSecret: string;
  emvKeyBase64: string;
  /** Origins besides the server's own that may call the API from a browser. */
  allowedOrigins: string[];
  rateLimit: { windowMs: number; loginPerIp: number; loginFailuresPerAccount: number };
  /** Signs the help-desk single sign-on token (HS512); server-only. */
  helpdeskSecret: string;
  /** Local stand-ins for outside services (the mail outbox page) while none is configured. */
  sandbox: boolean;
  /** The help desk's address (its JWT single sign-on lives at /access/jwt); the sandbox's when unset. */
  helpdeskUrl?: string;
  captcha: CaptchaConfig;
}

export interface AppEnv {
  Variables: {
    db: Database;
    clock: Clock;
    config: AppConfig;
    log: Logger;
    requestId: string;
    member: typeof members.$inferSelect;
    sessionId: number;
    tokenHash: string;
  };
}

/** The one error shape of the API (architecture: HTTP status plus _payload.message). */
export function fail<S extends ContentfulStatusCode>(c: Context, status: S, message: string) {
  return c.json({ _payload: { message } }, status);
}

export function router() {
  return new OpenAPIHono<AppEnv>({
    // Bad input answers 400 with what is wrong, in the API's error shape.
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return fail(c, 400, `${where}${issue?.message ?? 'Invalid request'}`);
      }
      return undefined;
    },
  });
}

/** An OpenAPI response of JSON content (route declarations). */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

import type { ClientView } from './proxy.ts';
import type { StaffRole } from '../../contract/staff.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { members } from '../db/schema.ts';
import type { Clock } from '../kernel/clock.ts';
import type { ServiceContext } from '../kernel/outcome.ts';
import type { Publishing } from '../publishing.ts';
import { fail } from './answers.ts';
import { requestFailures } from '../../contract/common-failures.ts';

/** The server's state as the app sees it: whether it is shutting down (readiness answers 503 then). */
export interface Lifecycle {
  draining(): boolean;
  /** The mail sender's state when SMTP is configured (readiness, docs/product/production.md); absent: not configured. */
  mail?: () => 'ok' | 'unreachable';
}

export interface AppEnv {
  /**
   * What the app and the session set; the outside services' adapters are on c.var too, by their
   * names in integrations/index.ts (which declares them to Hono: a module's routes import this
   * file, and this file imports no module).
   */
  Variables: {
    db: Database;
    clock: Clock;
    config: AppConfig;
    log: Logger;
    lifecycle: Lifecycle;
    /** How the client sees this request (through trusted proxies): its address, scheme, host and origin. */
    client: ClientView;
    publishing: Publishing | undefined;
    requestId: string;
    member: typeof members.$inferSelect;
    /** On a public call that takes an optional session (modules/identity/protect.ts identifySession): the member it proves. */
    signedIn?: typeof members.$inferSelect;
    sessionId: number;
    tokenHash: string;
    /** The {ssn} of the path, checked with the session in one query: whether the member owns it. */
    checkedSim?: { ssn: string; owned: boolean };
    /** On /panda/staff/*: the person of 48 the staff session proves (modules/staff), never a member. */
    staff?: {
      sessionId: number;
      id: number;
      name: string;
      email: string;
      role: StaffRole;
      endsAt: Date;
    };
  };
}

/**
 * What a service works over, read from the request with c.get: Hono builds c.var anew from its map
 * at each read, which a handler on a hot path (the dashboard's reads) pays for at every call.
 */
export const serviceContext = (c: Context<AppEnv>): ServiceContext => ({ db: c.get('db'), clock: c.get('clock') });

/** A router of the API: bad input answers 400 with what is wrong, in the API's error shape. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return fail(c, {
          ...requestFailures.invalid,
          message: `${where}${issue?.message ?? requestFailures.invalid.message}`,
        });
      }
      return undefined;
    },
  });
}

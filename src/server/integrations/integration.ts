import type { Hono } from 'hono';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../http/router.ts';
import type { Clock } from '../services/clock.ts';

/** What an integration's default adapter is made from. */
export interface IntegrationDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
  /** The built site's folder (published content is read from it). */
  siteDir: string;
}

/**
 * An outside service, declared once in its folder (integrations/<s>/integration.ts) and listed in
 * integrations/index.ts: the adapter handlers reach as c.var.<name> (the sandbox or the service
 * config names; a test or main.ts may pass its own), and the sandbox's pages, mounted only when
 * sandboxes are on and the adapter is the sandbox (one file and one line, not four
 * edits in app.ts).
 */
export interface Integration<A> {
  create?: (deps: IntegrationDeps) => A;
  sandboxRoutes?: (adapter: A) => Hono<AppEnv> | undefined;
}

export const integration = <A = undefined>(i: Integration<A>): Integration<A> => i;

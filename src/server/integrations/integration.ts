import type { Hono } from 'hono';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../services/clock.ts';
import type { PushSender } from './push/index.ts';

/** What an integration's default adapter is made from. */
export interface IntegrationDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
  /** The built site's folder (published content is read from it). */
  siteDir: string;
}

/**
 * What a sandbox's pages read of a request: the app's database, clock and configuration, and the
 * push sender (the usage feed pushes the alerts it raises), all set for every request by app.ts.
 * Said here, not as the app's whole AppEnv, so that the integrations and the router (whose AppEnv
 * names every adapter) do not import each other.
 */
export interface SandboxEnv {
  Variables: { db: Database; clock: Clock; config: AppConfig; push: PushSender };
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
  sandboxRoutes?: (adapter: A) => Hono<SandboxEnv> | undefined;
}

export const integration = <A = undefined>(i: Integration<A>): Integration<A> => i;

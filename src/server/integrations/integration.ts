import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../kernel/clock.ts';
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

/** What a started server makes an integration's adapter with (main.ts, once, before the app). */
export interface StartDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  production: boolean;
}

/**
 * An integration's own settings (environment variables), declared beside its adapters: env.ts
 * merges every integration's into the one schema read at start and derives the checks from them;
 * main.ts asks each for its adapter. A new service declares its settings here and nowhere else.
 */
export interface Settings<S extends z.ZodRawShape, A> {
  /** The variables it reads and their rules. */
  shape: S;
  /** The real service's settings: all set or none (then the stand-in), and production requires each. */
  service?: readonly (keyof S & string)[];
  /** Other variables that only work together: all set, or none. */
  together?: readonly (readonly (keyof S & string)[])[];
  /** What else production requires (it refuses to start without them, each named). */
  requiredInProduction?: readonly (keyof S & string)[];
  /** Another problem with the values, said at start (the CDN: what the chosen provider needs). */
  problem?: (values: z.output<z.ZodObject<S>>) => string | undefined;
  /** The adapter the settings choose: the real service when they name one, else the stand-in (or none). */
  adapter?: (values: z.output<z.ZodObject<S>>, deps: StartDeps) => A | undefined;
}

export const settings = <S extends z.ZodRawShape, A = never>(s: Settings<S, A>): Settings<S, A> => s;

export const integration = <A = undefined>(i: Integration<A>): Integration<A> => i;

/** A service's address: https only. */
export const httpsUrl = () => z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional();

/** A service's credential (a token, a key, an id it gives): any non-empty text. */
export const credential = () => z.string().min(1).optional();

/** A true/false setting, with its value when unset. */
export const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true');

/** A comma-separated list, trimmed, empty entries dropped. */
export const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

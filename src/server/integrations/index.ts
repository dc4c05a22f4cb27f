import type { Hono } from 'hono';
import { captcha } from './captcha/integration.ts';
import { catalogue, geolocation } from '../modules/content/index.ts';
import { cdn } from './cdn/integration.ts';
import { chat, helpdesk, tickets } from '../modules/care/index.ts';
import { content } from './content/integration.ts';
import { delivery } from '../modules/lines/index.ts';
import type { Integration, IntegrationDeps, SandboxEnv } from './integration.ts';
import { mail } from './mail/integration.ts';
import { payments } from '../modules/money/index.ts';
import { push } from './push/integration.ts';
import { network } from '../modules/network/index.ts';
import { referrals } from '../modules/community/index.ts';

/**
 * The outside services, one line each (the composition root's one registry). A new
 * service is its folder with an integration.ts and a line here: app.ts makes its adapter, puts it
 * on c.var under this name, and mounts its sandbox.
 */
export const integrations = {
  captcha,
  payments,
  referrals,
  catalogue,
  geolocation,
  content,
  mail,
  helpdesk,
  delivery,
  push,
  network,
  cdn,
  tickets,
  chat,
};

type Registry = typeof integrations;
type AdapterOf<I> = I extends Integration<infer A> ? (undefined extends A ? never : A) : never;
/** The adapters handlers read from c.var, by name. */
export type Adapters = {
  [K in keyof Registry as AdapterOf<Registry[K]> extends never ? never : K]: AdapterOf<Registry[K]>;
};

// Every request's c.var carries the adapters (app.ts sets them), typed here rather than in
// http/router.ts: the router is imported by every module's routes, and must import no module.
declare module 'hono' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ContextVariableMap extends Adapters {}
}

/** Every adapter: the one passed in, else the integration's default. */
export function adaptersFor(deps: IntegrationDeps, given: Partial<Adapters>): Adapters {
  const made: Record<string, unknown> = {};
  for (const [name, i] of Object.entries(integrations) as [string, Integration<unknown>][])
    if (i.create) made[name] = (given as Record<string, unknown>)[name] ?? i.create(deps);
  return made as Adapters;
}

/** The sandboxes' pages for the adapters that are sandboxes. */
export function sandboxRoutes(adapters: Adapters): Hono<SandboxEnv>[] {
  return (Object.entries(integrations) as [string, Integration<unknown>][]).flatMap(([name, i]) => {
    const routes = i.sandboxRoutes?.((adapters as Record<string, unknown>)[name]);
    return routes ? [routes] : [];
  });
}

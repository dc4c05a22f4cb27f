import { Hono } from 'hono';
import { redirects } from '../contract/links.ts';
import { resolveFile, sendFile, type StaticSite } from './static-site.ts';

export interface AppOptions {
  site: StaticSite;
}

/** Builds the whole HTTP application; used by the Node entry and, unchanged, by the tests. */
export function createApp({ site }: AppOptions): Hono {
  const app = new Hono();

  // Spec section 2: payment-gateway URLs always carry a trailing slash.
  app.get('/payment-gateway', (c) => c.redirect(`/payment-gateway/${new URL(c.req.url).search}`, 308));

  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, (c) => c.redirect(to, 301));
  }

  app.on(['GET', 'HEAD'], '*', (c) => {
    const file = resolveFile(site, new URL(c.req.url).pathname);
    if (file) return sendFile(c, site, file);
    return sendFile(c, site, '/404.html', 404);
  });

  return app;
}

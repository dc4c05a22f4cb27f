import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Metrics } from '../metrics.ts';

/** What answers a request: the app, and the pages and assets that go straight out when there is a site. */
export interface Listeners {
  app: (req: IncomingMessage, res: ServerResponse) => unknown;
  pages?: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
}

// Idle keep-alive connections are kept longer than a proxy or load balancer in front keeps its own
// (60 s is the common default): were the server first to close one, a request the proxy sent on
// it at that moment would be reset (a 502 for the member). Node's 5 s raced even the test browser's
// route.fetch once. Shutdown closes idle connections at once, so this does not slow draining.
const KEEP_ALIVE_MS = 65_000;

/**
 * The process's HTTP server. Pages and assets go straight out (static-site.ts `staticListener`);
 * everything else through the app, whichever is live at the request (a publish swaps them). Requests
 * in flight are counted so that a shutdown waits for them (and only then closes the database).
 */
export function portalServer(live: () => Listeners, draining: () => boolean, metrics?: Metrics) {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = createServer(
    { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 },
    (req, res) => {
      // While shutting down, a keep-alive connection that brings one more request closes after its answer.
      if (draining()) res.setHeader('connection', 'close');
      inFlight++;
      metrics?.inFlight.inc();
      const started = metrics ? performance.now() : 0;
      res.once('close', () => {
        inFlight--;
        metrics?.inFlight.dec();
        if (inFlight === 0) drained?.();
      });
      const { app, pages } = live();
      if (pages?.(req, res)) {
        res.once('finish', () =>
          metrics?.request(req.method ?? 'GET', 'static', res.statusCode, (performance.now() - started) / 1000),
        );
        return;
      }
      void app(req, res);
    },
  );
  return {
    server,
    inFlight: () => inFlight,
    /** Resolves once no request is in flight. */
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve))),
  };
}

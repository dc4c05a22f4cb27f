import { scrubEvent } from '../contract/scrub.ts';

/** Where unexpected server errors go (docs/product/operations.md): Sentry when SENTRY_DSN is set, nowhere otherwise. */
export interface ErrorReporter {
  capture(
    error: unknown,
    context: {
      requestId: string;
      route: string;
      method: string;
      url: string;
      headers: Record<string, string>;
      memberId?: number | undefined;
    },
  ): void;
  /** Sends what is queued (at shutdown). */
  flush(timeoutMs: number): Promise<boolean>;
}

/**
 * @sentry/node, loaded only when a DSN is configured (it is heavy, and off is the default). No
 * default integrations: the server reports the errors its one onError sees, with the route and
 * the request id, and no tracing. Every event goes through scrubEvent before it leaves.
 */
export async function sentryReporter({
  dsn,
  environment,
  release,
}: {
  dsn: string;
  environment: string;
  release?: string | undefined;
}): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment,
    ...(release ? { release } : {}),
    defaultIntegrations: false,
    integrations: [],
    sendDefaultPii: false,
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  });
  return {
    capture(error, { requestId, route, method, url, headers, memberId }) {
      Sentry.withScope((scope) => {
        scope.setTag('route', route);
        scope.setTag('request_id', requestId);
        if (memberId !== undefined) scope.setUser({ id: String(memberId) });
        scope.addEventProcessor((event) => ({ ...event, request: { method, url, headers } }));
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}

/**
 * Browser error reporting (docs/product/operations.md) at no cost to a page until something breaks: this
 * listens for uncaught errors and rejected promises, and only on the first one loads the Sentry
 * SDK (@sentry/astro's browser build, a separate chunk), starts it with the scrubber, and sends
 * that error and every later one. Pages without a DSN at build do not include this at all.
 */
type Send = (error: unknown) => void;
export type LoadReporter = (dsn: string) => Promise<Send>;

export const loadSentry: LoadReporter = async (dsn) => {
  const [Sentry, { scrubEvent }] = await Promise.all([import('./sentry-client.ts'), import('../contract/scrub.ts')]);
  Sentry.init({
    dsn,
    sendDefaultPii: false,
    defaultIntegrations: false,
    integrations: [],
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  });
  return (error) => void Sentry.captureException(error);
};

export function watchErrors(
  dsn: string | undefined,
  load: LoadReporter = loadSentry,
  target: Pick<Window, 'addEventListener'> = window,
): void {
  if (!dsn) return;
  let reporter: Promise<Send | undefined> | undefined;
  const report = (error: unknown) => {
    reporter ??= load(dsn).catch(() => undefined);
    void reporter.then((send) => send?.(error));
  };
  target.addEventListener('error', (event) => report((event as ErrorEvent).error ?? (event as ErrorEvent).message));
  target.addEventListener('unhandledrejection', (event) => report((event as PromiseRejectionEvent).reason));
}

import { Hono, type Context } from 'hono';
import { requestFailures } from '../../contract/common-failures.ts';
import { fail } from './answers.ts';

/**
 * Where browsers report what the Content-Security-Policy refused (docs/product/operations.md): with a
 * browser error DSN, Sentry's security endpoint for that project (Sentry keeps, groups and alerts on
 * them as it does errors); else, with the sandboxes on, the portal's own collector below, so a
 * refused script in any engine is seen while trying the portal and by the browser tests; else none.
 */
export function cspReportUriOf(publicSentryDsn: string | undefined, sandbox: boolean): string | undefined {
  if (publicSentryDsn) {
    const dsn = new URL(publicSentryDsn);
    const project = dsn.pathname.replace(/^\/+|\/+$/g, '');
    return `${dsn.protocol}//${dsn.host}/api/${project}/security/?sentry_key=${encodeURIComponent(dsn.username)}`;
  }
  return sandbox ? SANDBOX_CSP_REPORTS : undefined;
}

export const SANDBOX_CSP_REPORTS = '/sandbox/csp-reports';

/** One violation as kept: where, what was refused, and by which browser. */
export interface CspViolation {
  at: string;
  /** The page's path (no query: it may carry a checkout or a token). */
  page: string;
  directive: string;
  /** The refused source: an origin, or the keyword the browser sends (inline, eval). */
  blocked: string;
  userAgent: string;
}

const KEPT = 200;
const MAX_BYTES = 16_384;

const pathOf = (uri: unknown) => {
  try {
    return new URL(String(uri)).pathname;
  } catch {
    return '';
  }
};
const sourceOf = (uri: unknown) => {
  const s = String(uri ?? '');
  try {
    return new URL(s).origin === 'null' ? s.split(':')[0]! : new URL(s).origin;
  } catch {
    return s;
  }
};

/**
 * The two shapes browsers send: `report-uri` posts `{"csp-report": {...}}` (application/csp-report,
 * every engine), the Reporting API posts `[{type: "csp-violation", body: {...}}]`
 * (application/reports+json). Anything else is not a report.
 */
export function violationsIn(text: string, userAgent: string, at: Date): CspViolation[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const one = (r: Record<string, unknown>): CspViolation => ({
    at: at.toISOString(),
    page: pathOf(r['document-uri'] ?? r['documentURL']),
    directive: String(r['effective-directive'] ?? r['effectiveDirective'] ?? r['violated-directive'] ?? ''),
    blocked: sourceOf(r['blocked-uri'] ?? r['blockedURL']),
    userAgent,
  });
  if (body && typeof body === 'object' && 'csp-report' in body) {
    const report = (body as { 'csp-report': unknown })['csp-report'];
    return report && typeof report === 'object' ? [one(report as Record<string, unknown>)] : undefined;
  }
  if (Array.isArray(body))
    return body
      .filter((r) => r && typeof r === 'object' && r.type === 'csp-violation' && r.body && typeof r.body === 'object')
      .map((r) => one({ ...(r.body as Record<string, unknown>), documentURL: r.body.documentURL ?? r.url }));
  return undefined;
}

/**
 * The sandbox's collector: keeps the latest reports in memory (this instance's) and lists them at
 * /sandbox/csp-reports.json. Whatever the content type a browser chose, the body is read as text.
 */
export function cspReportsSandbox(clock: () => Date = () => new Date()) {
  const kept: CspViolation[] = [];
  const app = new Hono();
  app.post(SANDBOX_CSP_REPORTS, async (c: Context) => {
    const text = await c.req.text();
    if (text.length > MAX_BYTES) return fail(c, { ...requestFailures.invalid, message: 'A report is at most 16 KB.' });
    const found = violationsIn(text, c.req.header('user-agent') ?? '', clock());
    if (!found)
      return fail(c, { ...requestFailures.invalid, message: 'That is not a Content-Security-Policy report.' });
    kept.push(...found);
    kept.splice(0, Math.max(0, kept.length - KEPT));
    return c.body(null, 204);
  });
  app.get(`${SANDBOX_CSP_REPORTS}.json`, (c) => c.json({ _payload: { violations: kept } }));
  return app;
}

import type { Context } from 'hono';
import type { SandboxEnv } from '../../../../integrations/integration.ts';

/** What the sandbox network's pages and APIs share: how a request came (a form or JSON) and TMF's error shape. */
export type C = Context<SandboxEnv>;
export const isJson = (c: C) => (c.req.header('content-type') ?? '').includes('json');
export const wantsJson = (c: C) => (c.req.header('accept') ?? '').includes('application/json');
export const formOf = async (c: C): Promise<Record<string, unknown>> =>
  isJson(c) ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : await c.req.parseBody();
export const tmfError = (c: C, status: 400 | 401 | 404 | 409 | 503, reason: string) =>
  c.json({ code: String(status), reason, message: reason, '@type': 'Error' }, status);

/** The number a form or JSON body gives (`msisdn`), its spaces taken out. */
export const numberIn = (form: Record<string, unknown>) => String(form['msisdn'] ?? '').replace(/\s+/g, '');

/** A national number (08…) or E.164 digits (3538…) as the network writes them. */
export const e164 = (msisdn: string) => (msisdn.startsWith('0') ? `353${msisdn.slice(1)}` : msisdn);

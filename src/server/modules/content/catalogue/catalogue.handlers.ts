import type { Context } from 'hono';
import type { ConnectError } from '../../../../contract/catalogue.ts';
import { ListProductsRequestSchema } from '../../../../contract/catalogue.schema.ts';
import { requestFailures } from '../../../../contract/common-failures.ts';
import { fail } from '../../../http/answers.ts';
import type { AppEnv } from '../../../http/router.ts';
import { phoneSvg } from '../integrations/catalogue/images.ts';

type C = Context<AppEnv>;

/** Connect's error answer: HTTP status by code, body {code, message}. */
const connectError = (c: C, status: 400 | 415, error: ConnectError) => c.json(error, status);

export async function listProducts(c: C) {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return connectError(c, 415, { code: 'invalid_argument', message: 'content-type must be application/json' });
  }
  const raw = await c.req.json().catch(() => undefined);
  if (raw === undefined) return connectError(c, 400, { code: 'invalid_argument', message: 'the body is not JSON' });
  const parsed = ListProductsRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return connectError(c, 400, { code: 'invalid_argument', message: issue?.message ?? 'invalid request' });
  }
  const answer = await c.var.catalogue.list(parsed.data);
  if (!answer.ok) return connectError(c, 400, { code: answer.code, message: answer.message });
  return c.json(answer.value);
}

export function image(c: C) {
  const id = c.req.param('file')?.replace(/\.svg$/, '') ?? '';
  const product = c.var.catalogue.product(id);
  if (!product) return fail(c, { ...requestFailures.notFound, message: 'No such phone picture' });
  return c.body(phoneSvg(product), 200, {
    'content-type': 'image/svg+xml; charset=utf-8',
    // The browser keeps it a day; no shared cache may (nothing under /panda is shared).
    'cache-control': 'private, max-age=86400',
  });
}

import type { Context } from 'hono';
import { lineChangesApi, lineChangesFailures } from '../../../../contract/line-changes.schema.ts';
import { reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { lineChangeOf, reportLineChange } from './line-changes.service.ts';

type C = Context<AppEnv>;

export const change = async (c: C, { body }: Input<typeof lineChangesApi.change>) =>
  reply(c, lineChangesApi.change, lineChangesFailures, await lineChangeOf(c.var, body.token));

export const report = async (c: C, { body }: Input<typeof lineChangesApi.report>) =>
  reply(c, lineChangesApi.report, lineChangesFailures, await reportLineChange(c.var, body.token));

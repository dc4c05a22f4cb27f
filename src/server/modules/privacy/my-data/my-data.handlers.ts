import type { Context } from 'hono';
import { message } from '../../../../contract/i18n/messages.ts';
import { myDataApi, myDataFailures } from '../../../../contract/my-data.schema.ts';
import { STEP_UP_HEADER } from '../../../../contract/step-up.schema.ts';
import { fail, languageOf, ok } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { deleteAccount as erase, exportData as exported } from './my-data.service.ts';

type C = Context<AppEnv>;

export async function exportData(c: C) {
  const data = await exported(c.var, c.var.member.id);
  c.header('content-disposition', `attachment; filename="48-my-data-${data.exported_at.slice(0, 10)}.json"`);
  c.header('cache-control', 'no-store');
  return ok(c, myDataApi.exportData, data);
}

export async function deleteAccount(c: C, { body }: Input<typeof myDataApi.deleteAccount>) {
  const outcome = await erase(c.var, c.var.member, body.password, c.req.header(STEP_UP_HEADER));
  if (!outcome.ok) return fail(c, myDataFailures[outcome.reason]);
  c.var.log.info({ memberId: c.var.member.id }, 'account deleted');
  return ok(c, myDataApi.deleteAccount, { _payload: { message: message(languageOf(c), 'myData.deleted') } });
}

import type { Context } from 'hono';
import { helpdeskApi } from '../../../contract/helpdesk.schema.ts';
import { ok } from '../../http/answers.ts';
import type { AppEnv } from '../../http/router.ts';
import { helpdeskSsoUrl } from '../../integrations/helpdesk/index.ts';
import { ssoToken } from './helpdesk.service.ts';

export async function sso(c: Context<AppEnv>) {
  const token = await ssoToken(c.var.clock, c.var.member, c.var.config.helpdeskSecret);
  return ok(c, helpdeskApi.sso, { _payload: { sso: token, url: helpdeskSsoUrl(c.var.config, token) } });
}

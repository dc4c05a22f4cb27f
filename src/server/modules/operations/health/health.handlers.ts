import type { Context } from 'hono';
import { healthApi } from '../../../../contract/health.schema.ts';
import { ok } from '../../../http/answers.ts';
import type { AppEnv } from '../../../http/router.ts';
import { databaseAnswers, purgeState, readiness } from './health.service.ts';
import { pricesLoaded, refundsState, unchargedState } from '../../money/index.ts';
import { networkState } from '../../network/index.ts';
import { chatDeskState } from '../../care/index.ts';
import { idpAnswers } from '../../staff/index.ts';

export async function health(c: Context<AppEnv>) {
  if (await databaseAnswers(c.var)) return ok(c, healthApi.health, { status: 'ok', database: 'ok' });
  return c.json({ status: 'degraded', database: 'unreachable' }, 503);
}

export async function ready(c: Context<AppEnv>) {
  const state = await readiness(c.var, c.var.lifecycle.draining(), c.var.lifecycle.mail, () =>
    pricesLoaded(c.var.content),
  );
  if (state.ready)
    return ok(c, healthApi.ready, {
      status: 'ready',
      mail: state.mail,
      cdn: await purgeState(c.var),
      network: await networkState(c.var.db, c.var.clock),
      charging: await unchargedState(c.var.db),
      refunds: await refundsState(c.var.db, c.var.config),
      chat: await chatDeskState(c.var),
      staff: { idp: await idpAnswers(c.var.config) },
    });
  return c.json({ status: 'not ready', reason: state.reason }, 503);
}

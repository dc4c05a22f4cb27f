import type { Context } from 'hono';
import { numberLockApi, numberLockFailures } from '../../../../contract/number-lock.schema.ts';
import { STEP_UP_HEADER } from '../../../../contract/step-up.schema.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { done, type Outcome } from '../../../kernel/outcome.ts';
import { pushToMember } from '../../alerts/index.ts';
import * as changes from './locked-changes.ts';
import * as service from './number-lock.service.ts';

type C = Context<AppEnv>;

export const state = async (c: C) =>
  ok(c, numberLockApi.state, { _payload: await service.numberLockOf(c.var, c.var.member.id, languageOf(c)) });

/** Security news about the lock reaches every device at once, whatever the member's alert switches say. */
async function pushed<T, R extends string>(c: C, outcome: Outcome<T & { news: service.LockNews | null }, R>) {
  if (!outcome.ok) return outcome;
  const { news, ...value } = outcome.value;
  if (news && c.var.push.publicKey)
    await pushToMember(c.var.db, c.var.push, c.var.config.push?.endpointOrigins ?? [], news.memberId, {
      title: news.title,
      body: news.body,
      url: '/my48/settings/security',
    }).catch(() => 0);
  return done(value);
}

export const set = async (c: C, { body }: Input<typeof numberLockApi.set>) =>
  reply(
    c,
    numberLockApi.set,
    numberLockFailures,
    await pushed(c, await service.setNumberLock(c.var, c.var.member.id, body.on, c.req.header(STEP_UP_HEADER))),
  );

export const keep = async (c: C) =>
  reply(
    c,
    numberLockApi.keep,
    numberLockFailures,
    await pushed(c, await service.keepNumberLock(c.var, c.var.member.id)),
  );

export const ask = async (c: C, { params, body }: Input<typeof numberLockApi.ask>) =>
  reply(
    c,
    numberLockApi.ask,
    numberLockFailures,
    await changes.askLockedChange(c.var, c.var.member.id, params.ssn, body, c.req.header(STEP_UP_HEADER)),
  );

export const confirm = async (c: C, { params }: Input<typeof numberLockApi.confirm>) =>
  reply(
    c,
    numberLockApi.confirm,
    numberLockFailures,
    await changes.confirmLockedChange(c.var, c.var.member.id, params.ssn, c.req.header(STEP_UP_HEADER)),
  );

export const cancel = async (c: C, { params }: Input<typeof numberLockApi.cancel>) =>
  reply(
    c,
    numberLockApi.cancel,
    numberLockFailures,
    await changes.cancelLockedChange(c.var, c.var.member.id, params.ssn, languageOf(c)),
  );

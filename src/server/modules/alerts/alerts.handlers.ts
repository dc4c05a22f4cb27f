import type { Context } from 'hono';
import { alertsApi } from '../../../contract/alerts.schema.ts';
import { decodeCursor } from '../../../contract/page-cursor.ts';
import { ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { listOf, saveSettings as save, settingsOf } from './alerts.service.ts';

type C = Context<AppEnv>;

export const settings = async (c: C) =>
  ok(c, alertsApi.settings, { _payload: await settingsOf(c.var, c.var.member.id) });
export const saveSettings = async (c: C, { body }: Input<typeof alertsApi.saveSettings>) =>
  ok(c, alertsApi.saveSettings, { _payload: await save(c.var, c.var.member.id, body) });
export const list = async (c: C, { query }: Input<typeof alertsApi.list>) =>
  ok(c, alertsApi.list, { _payload: await listOf(c.var, c.var.member.id, decodeCursor(query.before)) });

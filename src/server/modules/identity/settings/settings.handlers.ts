import type { Context } from 'hono';
import { settingsApi, settingsFailures, settingsMessages } from '../../../../contract/settings.schema.ts';
import { keepLanguage, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { accountOf } from '../session-cookie.ts';
import {
  changeName as rename,
  changePassword as setPassword,
  contactPreferencesOfMember,
  permissionsOfMember,
  saveContactPreferences as savePreferences,
  savePermissions,
  setLanguage,
} from './settings.service.ts';

type C = Context<AppEnv>;

export const details = (c: C) =>
  ok(c, settingsApi.details, {
    _payload: { account: accountOf(c.var.member), email: c.var.member.email, language: c.var.member.language },
  });

export const saveLanguage = async (c: C, { body }: Input<typeof settingsApi.saveLanguage>) => {
  const language = await setLanguage(c.var, c.var.member.id, body.language);
  // This device follows: my48 opens in the language saved (docs/product/languages.md).
  keepLanguage(c, language);
  return ok(c, settingsApi.saveLanguage, { _payload: { language } });
};

export const changeName = async (c: C, { body }: Input<typeof settingsApi.changeName>) =>
  ok(c, settingsApi.changeName, { _payload: { account: accountOf(await rename(c.var, c.var.member.id, body)) } });

export const marketingPermissions = async (c: C) =>
  ok(c, settingsApi.marketingPermissions, { _payload: await permissionsOfMember(c.var, c.var.member.id) });

export const saveMarketingPermissions = async (c: C, { body }: Input<typeof settingsApi.saveMarketingPermissions>) =>
  ok(c, settingsApi.saveMarketingPermissions, { _payload: await savePermissions(c.var, c.var.member.id, body) });

export const contactPreferences = async (c: C) =>
  ok(c, settingsApi.contactPreferences, { _payload: await contactPreferencesOfMember(c.var, c.var.member.id) });

export const saveContactPreferences = async (c: C, { body }: Input<typeof settingsApi.saveContactPreferences>) =>
  ok(c, settingsApi.saveContactPreferences, { _payload: await savePreferences(c.var, c.var.member.id, body) });

export async function changePassword(c: C, { body }: Input<typeof settingsApi.changePassword>) {
  return reply(
    c,
    settingsApi.changePassword,
    settingsFailures,
    await setPassword(c.var, c.var.member, c.var.sessionId, body),
    () => ({ _payload: { message: settingsMessages.passwordChanged } }),
  );
}

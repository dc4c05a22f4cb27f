import type { Context } from 'hono';
import { offersApi, offersFailures } from '../../../../contract/offers.schema.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import { fail, languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as offers from './offers.service.ts';

type C = Context<AppEnv>;
const ctx = (c: C) => ({ db: c.var.db, clock: c.var.clock, content: c.var.content });

export async function promotions(c: C, { query }: Input<typeof offersApi.promotions>) {
  const language = query.language ?? languageOf(c);
  return ok(c, offersApi.promotions, { _payload: await offers.promotions(ctx(c), language) });
}

export async function memberOffers(c: C) {
  return ok(c, offersApi.memberOffers, { _payload: await offers.memberOffers(ctx(c), c.var.member.id) });
}

export async function studentCode(c: C, { body }: Input<typeof offersApi.studentCode>) {
  return reply(
    c,
    offersApi.studentCode,
    offersFailures,
    await offers.sendStudentCode(ctx(c), c.var.member, body.email),
  );
}

export async function applyStudent(c: C, { body }: Input<typeof offersApi.applyStudent>) {
  const outcome = await offers.applyStudentOffer(ctx(c), c.var.member.id, body.email, body.code);
  if (!outcome.ok) {
    const left = outcome.detail?.['triesLeft'];
    if (outcome.reason === 'wrongCode' && left !== undefined)
      // The tries left counted in the member's language (the English the contract's words and the count).
      return fail(c, {
        ...offersFailures.wrongCode,
        message: message(languageOf(c), 'offers.wrongCode', { left: Number(left) }),
      });
    return fail(c, offersFailures[outcome.reason]);
  }
  return ok(c, offersApi.applyStudent, { _payload: outcome.value });
}

export async function applyFreeAllowance(c: C) {
  return reply(
    c,
    offersApi.applyFreeAllowance,
    offersFailures,
    await offers.applyFreeAllowance(ctx(c), c.var.member.id),
  );
}

export async function joinCampaign(c: C, { body }: Input<typeof offersApi.joinCampaign>) {
  // The spec's body carries user_id: it must be the signed-in member's.
  if (body.user_id !== String(c.var.member.id)) return fail(c, offersFailures.notYou);
  return reply(
    c,
    offersApi.joinCampaign,
    offersFailures,
    await offers.joinCampaign(ctx(c), c.var.member.id, body.campaign),
  );
}

export async function campaignDetails(c: C, { query }: Input<typeof offersApi.campaignDetails>) {
  return ok(c, offersApi.campaignDetails, {
    _payload: await offers.campaignDetails(ctx(c), c.var.member.id, query.token),
  });
}

export async function presaleAssociated(c: C) {
  return ok(c, offersApi.presaleAssociated, {
    _payload: { associated: (await offers.presaleCodeOf(ctx(c), c.var.member.id)) !== null },
  });
}

export async function presaleCode(c: C) {
  const code = await offers.presaleCodeOf(ctx(c), c.var.member.id);
  if (code === null) return fail(c, offersFailures.noPresaleCode);
  return ok(c, offersApi.presaleCode, { _payload: { code } });
}

export async function setPresaleCode(c: C, { body }: Input<typeof offersApi.setPresaleCode>) {
  return reply(
    c,
    offersApi.setPresaleCode,
    offersFailures,
    await offers.setPresaleCode(ctx(c), c.var.member.id, body.code),
  );
}

export async function feelsmug(c: C, { body }: Input<typeof offersApi.feelsmug>) {
  return reply(c, offersApi.feelsmug, offersFailures, await offers.redeemFeelsmug(ctx(c), c.var.member.id, body.code));
}

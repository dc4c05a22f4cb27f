import type { Context } from 'hono';
import { html } from 'hono/html';
import { euro } from '../../../../contract/format.ts';
import { creditBackApi, creditBackFailures } from '../../../../contract/port-out-credit.schema.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { sandboxPage } from '../../../http/sandbox-page.ts';
import { requestCreditBack } from './credit-back-request.ts';
import * as service from './credit-back.ts';
import { latestRefundFile } from './transfers.ts';

type C = Context<AppEnv>;

// What each says is in the member's language (docs/product/languages.md).
export const list = async (c: C) =>
  ok(c, creditBackApi.list, {
    _payload: { values: await service.creditBacksOf(c.var, c.var.member.id, languageOf(c)) },
  });

export const status = async (c: C, { params }: Input<typeof creditBackApi.status>) =>
  reply(
    c,
    creditBackApi.status,
    creditBackFailures,
    await service.creditBackOf(c.var, c.var.member.id, params.ssn, languageOf(c)),
  );

export const request = async (c: C, { params, body }: Input<typeof creditBackApi.request>) =>
  reply(
    c,
    creditBackApi.request,
    creditBackFailures,
    await requestCreditBack(c.var, c.var.member.id, params.ssn, body, languageOf(c)),
  );

/**
 * The sandbox's view of credit back by bank transfer: the latest file as the bank would get it. Finance
 * makes, approves (another person) and sends the files in the staff console (docs/product/staff.md).
 */
export async function sandboxRefunds(c: C) {
  if (!c.var.config.sandbox) return c.text('Not found\n', 404);
  const { waiting, file } = await latestRefundFile(c.var.db);
  return c.html(
    sandboxPage(
      'Credit-back transfers',
      html`<h1>Credit-back transfers (sandbox)</h1>
        <p>
          ${waiting} waiting for the next file. Finance makes, approves and sends the files in the staff console (/staff
          → Refund files).
        </p>
        ${
          file
            ? html`<h2>${file.messageId}: ${file.payments} transfers, ${euro(file.totalCents)}</h2>
                <pre>${file.xml}</pre>`
            : html`<p>No file made yet.</p>`
        }`,
    ),
  );
}

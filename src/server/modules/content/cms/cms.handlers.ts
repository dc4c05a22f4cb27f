import type { Context } from 'hono';
import { html } from 'hono/html';
import { cmsApi, cmsFailures, cmsMessages } from '../../../../contract/cms.schema.ts';
import { fail, ok } from '../../../http/answers.ts';
import type { AppEnv } from '../../../http/router.ts';
import { signedJson } from '../../../http/signed.ts';
import { validPublishSignature } from '../../../publishing.ts';
import { editorAllowed, publish as publishing, rebuildByHand, statusOf } from './cms.service.ts';
import { irishFormat } from '../../../../contract/irish-time.ts';

type C = Context<AppEnv>;

/** "23 Nov 2026, 06:35:26", Irish time, for people reading the status page. */
const when = (iso: string) => irishFormat({ dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

const refusal = (c: C, reason: keyof typeof cmsFailures) => fail(c, cmsFailures[reason]);

/** Sanity's publish webhook, a signed endpoint (http/signed.ts): the signature over the raw body, byte for byte. */
export const signedBySanity = signedJson({
  secret: (c) => c.var.publishing?.webhookSecret,
  verify: (c, secret, rawBody) =>
    validPublishSignature(rawBody, c.req.header('sanity-webhook-signature'), secret, c.var.clock().getTime()),
  refusal: cmsFailures.badSignature,
});

export async function publish(c: C) {
  // Only a signed call gets here, so publishing is configured.
  const queued = publishing(c.var.publishing!, await c.req.text());
  return ok(c, cmsApi.publish, { _payload: { message: cmsMessages.queued, ...queued } });
}

export function rebuild(c: C) {
  const allowed = editorAllowed(c.var.publishing, c.req.header('authorization'));
  if (!allowed.ok) return refusal(c, allowed.reason);
  return ok(c, cmsApi.rebuild, { _payload: { message: cmsMessages.queued, ...rebuildByHand(allowed.value) } });
}

export function status(c: C) {
  const allowed = editorAllowed(c.var.publishing, c.req.header('authorization'));
  if (!allowed.ok) return refusal(c, allowed.reason);
  return ok(c, cmsApi.status, { _payload: statusOf(allowed.value) });
}

/** The editors' status page (/cms/status): the browser asks for the token (Basic, any user name). */
export function statusPage(c: C) {
  const allowed = editorAllowed(c.var.publishing, c.req.header('authorization'));
  if (!allowed.ok) {
    if (allowed.reason === 'notConfigured') return c.text(`${cmsMessages.notConfigured}\n`, 503);
    c.header('www-authenticate', 'Basic realm="48 editors", charset="UTF-8"');
    return c.text('The editor token is the password (any user name).\n', 401);
  }
  const s = statusOf(allowed.value);
  const state = s.building ? `Building${s.queued ? ', and one more build queued after it' : ''}` : 'Idle';
  c.header('cache-control', 'no-store');
  return c.html(
    html`<!doctype html>
      <html lang="en-IE">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>Publishing status | 48</title>
        </head>
        <body>
          <main>
            <h1>Publishing status</h1>
            <p role="status">${state}.</p>
            <table>
              <caption>
                Latest builds, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Trigger</th>
                  <th scope="col">Result</th>
                  <th scope="col">Duration</th>
                </tr>
              </thead>
              <tbody>
                ${
                  s.runs.length === 0
                    ? html`<tr>
                        <td colspan="4">No build since the server started.</td>
                      </tr>`
                    : ''
                }
                ${s.runs.map(
                  (r) =>
                    html`<tr>
                      <td><time datetime=${r.startedAt}>${when(r.startedAt)}</time></td>
                      <td>${r.trigger}</td>
                      <td>
                        ${r.result ?? 'building'}${
                          r.error
                            ? html`<details>
                                <summary>Output</summary>
                                <pre>${r.error}</pre>
                              </details>`
                            : ''
                        }
                      </td>
                      <td>${r.durationMs !== undefined ? `${(r.durationMs / 1000).toFixed(1)} s` : '–'}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </main>
        </body>
      </html>`,
  );
}

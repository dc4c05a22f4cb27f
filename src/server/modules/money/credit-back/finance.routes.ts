import type { Context, Next } from 'hono';
import { html } from 'hono/html';
import { euro } from '../../../../contract/format.ts';
import { irishFormat } from '../../../../contract/irish-time.ts';
import { router, type AppEnv } from '../../../http/router.ts';
import { sameSecret } from '../../../kernel/tokens.ts';
import {
  enterReturn,
  makeRefundFile,
  markFileSent,
  refundFilesOf,
  refundFileXml,
  waitingTransfers,
} from './transfers.ts';

type C = Context<AppEnv>;

const transfers = (n: number) => `${n} ${n === 1 ? 'transfer' : 'transfers'}`;
const when = (at: Date) => irishFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at);

/**
 * Finance's page for credit back by bank transfer (docs/product/money.md "Credit back"): the transfers
 * waiting, the day's SEPA files to download and mark sent, and the transfers a bank returned. Behind
 * its own credential (FINANCE_TOKEN, as the password of Basic authentication); without one the page
 * is not there (404). A change is a form posted from this page only: its Origin must be the site's.
 */
async function financeOnly(c: C, next: Next) {
  const token = c.var.config.finance?.token;
  if (!token) return c.text('Not found\n', 404);
  const given = /^Basic (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  const password = given ? Buffer.from(given, 'base64').toString('utf8').split(':').slice(1).join(':') : '';
  if (!password || !sameSecret(password, token)) {
    c.header('www-authenticate', 'Basic realm="48 finance", charset="UTF-8"');
    return c.text('The finance token is the password (any user name).\n', 401);
  }
  if (c.req.method === 'POST') {
    const origin = c.req.header('origin');
    // The site's own origins, from SITE_URL and ALLOWED_ORIGINS: never the request's Host.
    const own = [new URL(c.var.config.siteUrl).origin, ...c.var.config.allowedOrigins];
    if (!origin || !own.includes(origin)) return c.text('A change is made from the finance page only.\n', 403);
  }
  c.header('cache-control', 'no-store');
  return next();
}

function page(c: C, title: string, body: ReturnType<typeof html>, status: 200 | 400 | 404 = 200) {
  return c.html(
    html`<!doctype html>
      <html lang="en-IE">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${title} | 48 finance</title>
        </head>
        <body>
          <main>${body}</main>
        </body>
      </html>`,
    status,
  );
}

async function overview(c: C, said?: string) {
  const waiting = await waitingTransfers(c.var.db);
  const files = await refundFilesOf(c.var.db);
  const debtor = c.var.config.finance?.debtor;
  const total = waiting.reduce((sum, r) => sum + (r.amountCents ?? 0), 0);
  return page(
    c,
    'Credit back by bank transfer',
    html`<h1>Credit back by bank transfer</h1>
      ${said ? html`<p role="status">${said}</p>` : ''}
      <p>
        ${waiting.length} ${waiting.length === 1 ? 'transfer waits' : 'transfers wait'} for a file (${euro(total)}). A
        file is made each day from 06:00; it can be made now.
      </p>
      ${
        debtor
          ? html`<form method="post" action="/finance/refunds/files">
              <button type="submit">Make a file of the waiting transfers now</button>
            </form>`
          : html`<p>No paying account is set (REFUND_DEBTOR_NAME, _IBAN, _BIC): no file can be made.</p>`
      }
      <h2>Files</h2>
      <table>
        <caption>
          The latest SEPA credit-transfer files (pain.001), newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Made</th>
            <th scope="col">Message id</th>
            <th scope="col">Transfers</th>
            <th scope="col">Total</th>
            <th scope="col">Sent to the bank</th>
          </tr>
        </thead>
        <tbody>
          ${
            files.length === 0
              ? html`<tr>
                  <td colspan="5">No file yet.</td>
                </tr>`
              : files.map(
                  (f) =>
                    html`<tr>
                      <td>${when(f.createdAt)}</td>
                      <td><a href="/finance/refunds/files/${f.id}.xml" download>${f.messageId}</a></td>
                      <td>${f.payments}</td>
                      <td>${euro(f.totalCents)}</td>
                      <td>
                        ${
                          f.sentAt
                            ? when(f.sentAt)
                            : html`<form method="post" action="/finance/refunds/files/${f.id}/sent">
                                <button type="submit">Mark ${f.messageId} sent</button>
                              </form>`
                        }
                      </td>
                    </tr>`,
                )
          }
        </tbody>
      </table>
      <h2>A transfer the bank returned</h2>
      <form method="post" action="/finance/refunds/returns">
        <p>
          <label for="end-to-end">End-to-end id (as in the file, like CB-12-1)</label>
          <input id="end-to-end" name="end_to_end_id" required pattern="CB-[0-9]+-[0-9]+" autocomplete="off" />
        </p>
        <p>
          <label for="reason">The bank's reason</label>
          <input id="reason" name="reason" required maxlength="140" autocomplete="off" />
        </p>
        <button type="submit">Enter the return</button>
      </form>`,
  );
}

export function financeRoutes() {
  const app = router();
  // The sandbox shows the latest file as the bank would get it (no credential: the sandbox is for trying).
  app.get('/sandbox/refunds', async (c) => {
    if (!c.var.config.sandbox) return c.text('Not found\n', 404);
    const [latest] = await refundFilesOf(c.var.db);
    const file = latest ? await refundFileXml(c.var.db, latest.id) : undefined;
    const waiting = await waitingTransfers(c.var.db);
    return page(
      c,
      'Credit-back transfers',
      html`<h1>Credit-back transfers (sandbox)</h1>
        <p>
          ${waiting.length} waiting for the next file. Finance's page is /finance/refunds
          ${c.var.config.finance?.token ? '' : ' (off: FINANCE_TOKEN is not set)'}.
        </p>
        ${
          file
            ? html`<h2>${file.messageId}: ${file.payments} transfers, ${euro(file.totalCents)}</h2>
                <pre>${file.xml}</pre>`
            : html`<p>No file made yet.</p>`
        }`,
    );
  });
  app.use('/finance/*', financeOnly);
  app.get('/finance/refunds', (c) => overview(c));
  app.post('/finance/refunds/files', async (c) => {
    const debtor = c.var.config.finance?.debtor;
    if (!debtor) return overview(c, 'No paying account is set: no file was made.');
    const file = await makeRefundFile(c.var.db, c.var.clock, debtor);
    return overview(c, file ? `File ${file.messageId} made: ${transfers(file.payments)}.` : 'No transfer was waiting.');
  });
  app.get('/finance/refunds/files/:file{[0-9]+\\.xml}', async (c) => {
    const file = await refundFileXml(c.var.db, Number(c.req.param('file').replace('.xml', '')));
    if (!file) return c.text('No such file\n', 404);
    c.header('content-type', 'application/xml; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${file.messageId}.xml"`);
    return c.body(file.xml);
  });
  app.post('/finance/refunds/files/:id{[0-9]+}/sent', async (c) => {
    const paid = await markFileSent(c.var.db, c.var.clock, Number(c.req.param('id')));
    return overview(c, paid === null ? 'That file was marked sent already.' : `Marked sent: ${transfers(paid)} paid.`);
  });
  app.post('/finance/refunds/returns', async (c) => {
    const form = await c.req.parseBody();
    const outcome = await enterReturn(
      c.var.db,
      c.var.clock,
      String(form['end_to_end_id'] ?? ''),
      String(form['reason'] ?? '').slice(0, 140),
    );
    return overview(
      c,
      outcome === 'returned'
        ? 'Entered: the credit is the member’s again, and they are told.'
        : outcome === 'notPaid'
          ? 'That transfer is not marked paid (its file was not sent, or it was returned already).'
          : 'No transfer has that end-to-end id.',
    );
  });
  return app;
}

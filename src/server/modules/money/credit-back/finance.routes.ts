import { html } from 'hono/html';
import { euro } from '../../../../contract/format.ts';
import { router } from '../../../http/router.ts';
import { sandboxPage } from '../../../http/sandbox-page.ts';
import { refundFilesOf, refundFileXml, waitingTransfers } from './transfers.ts';

/**
 * The sandbox's view of credit back by bank transfer: the latest file as the bank would get it. Finance
 * makes, approves (another person) and sends the files in the staff console (docs/product/staff.md).
 */
export function financeRoutes() {
  const app = router();
  app.get('/sandbox/refunds', async (c) => {
    if (!c.var.config.sandbox) return c.text('Not found\n', 404);
    const [latest] = await refundFilesOf(c.var.db);
    const file = latest ? await refundFileXml(c.var.db, latest.id) : undefined;
    const waiting = await waitingTransfers(c.var.db);
    return c.html(
      sandboxPage(
        'Credit-back transfers',
        html`<h1>Credit-back transfers (sandbox)</h1>
          <p>
            ${waiting.length} waiting for the next file. Finance makes, approves and sends the files in the staff
            console (/staff → Refund files).
          </p>
          ${
            file
              ? html`<h2>${file.messageId}: ${file.payments} transfers, ${euro(file.totalCents)}</h2>
                  <pre>${file.xml}</pre>`
              : html`<p>No file made yet.</p>`
          }`,
      ),
    );
  });
  return app;
}

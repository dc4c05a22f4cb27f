import { expect, it } from 'vitest';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { receiptsApi, transactionsApi } from '../../../src/contract/transactions.schema.ts';
import { send } from '../support/client.ts';
import { forEachDatabase } from '../support/harness.ts';
import { make, me } from '../support/member-controls.ts';

forEachDatabase('receipts', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('receipts: every purchase and card payment, with VAT at 23 % and the card; none for another member', async () => {
    const c = ctx();
    const { session: s } = await make(c, 'controls');
    const list = (
      await (await send(c.app, transactionsApi.list, { session: s, params: me(s), query: { limit: 100 } })).json()
    )._payload.values as {
      id: number;
      receipt: boolean;
      card_amount: number;
    }[];
    const paid = list.find((t) => t.card_amount === 999)!;
    expect(paid.receipt).toBe(true);
    const receipt = (
      await (
        await send(c.app, receiptsApi.receipt, { session: s, params: { ...me(s), transaction_id: String(paid.id) } })
      ).json()
    )._payload;
    expect(receipt).toMatchObject({
      total_cents: 999,
      vat_cents: 187,
      net_cents: 812,
      vat_rate_percent: 23,
      card_cents: 999,
      credit_cents: 0,
      card: { brand: 'MASTER', last4: '5454' },
    });
    const lost = await make(c, 'lost');
    const other = lost.session;
    expect(
      (
        await send(c.app, receiptsApi.receipt, {
          session: other,
          params: { ...me(other), transaction_id: String(paid.id) },
        })
      ).status,
    ).toBe(404);
    // A purchase with credit has a receipt too, paid by credit.
    const bought = await send(c.app, membershipsApi.buyAddon, {
      session: other,
      params: { ...me(other), ssn: lost.ssn },
      body: {
        sku: 'BDAO05',
        payment_type: 'BALANCE_BEFORE_SC',
      },
    });
    expect(bought.status).toBe(201);
    const mine = (await (await send(c.app, transactionsApi.list, { session: other, params: me(other) })).json())
      ._payload.values as {
      id: number;
      receipt: boolean;
      description: string;
    }[];
    const addon = mine.find((t) => t.receipt)!;
    const r2 = (
      await (
        await send(c.app, receiptsApi.receipt, {
          session: other,
          params: { ...me(other), transaction_id: String(addon.id) },
        })
      ).json()
    )._payload;
    expect(r2.card).toBeNull();
    expect(r2.credit_cents).toBe(r2.total_cents);
  });
});

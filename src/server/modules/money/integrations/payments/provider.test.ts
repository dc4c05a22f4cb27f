import { describe, expect, it } from 'vitest';
import { classifyResult } from '../../../../../contract/payments.schema.ts';
import { providerPayments } from './provider.ts';

/**
 * The provider adapter against a recorded exchange (the provider's test host answered these for
 * the same calls; ids shortened). No network: each request is checked, and its recorded answer given.
 */
const recorded: { method: string; path: string; form?: Record<string, string>; answer: unknown }[] = [
  {
    method: 'POST',
    path: '/v1/checkouts',
    form: {
      entityId: '8a8294174b7ecb28014b9699220015ca',
      amount: '9.99',
      currency: 'EUR',
      paymentType: 'DB',
      merchantTransactionId: 'checkout:c1',
      createRegistration: 'true',
    },
    answer: {
      result: { code: '000.200.100', description: 'successfully created checkout' },
      buildNumber: 'b1',
      timestamp: '2026-11-22 10:00:00+0000',
      ndc: 'N1',
      id: 'E2C1B6E0.uat01-vm-tx01',
    },
  },
  {
    method: 'GET',
    path: '/v1/checkouts/E2C1B6E0.uat01-vm-tx01/payment',
    answer: {
      id: '8ac7a4a19f',
      registrationId: '8ac7a49f9e',
      paymentType: 'DB',
      paymentBrand: 'VISA',
      amount: '9.99',
      currency: 'EUR',
      result: {
        code: '000.100.110',
        description: "Request successfully processed in 'Merchant in Integrator Test Mode'",
      },
      card: { bin: '420000', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' },
    },
  },
  {
    method: 'POST',
    path: '/v1/registrations/8ac7a49f9e/payments',
    form: {
      entityId: '8a8294174b7ecb28014b9699220015ca',
      amount: '9.49',
      currency: 'EUR',
      paymentType: 'DB',
      merchantTransactionId: 'purchase:p1',
      'standingInstruction.mode': 'REPEATED',
      'standingInstruction.type': 'UNSCHEDULED',
      'standingInstruction.source': 'MIT',
    },
    answer: {
      id: '8ac7a4a2a0',
      paymentType: 'DB',
      amount: '9.49',
      currency: 'EUR',
      result: {
        code: '000.100.110',
        description: "Request successfully processed in 'Merchant in Integrator Test Mode'",
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/payments/8ac7a4a2a0',
    form: {
      entityId: '8a8294174b7ecb28014b9699220015ca',
      amount: '9.49',
      currency: 'EUR',
      paymentType: 'RF',
      merchantTransactionId: 'refund:purchase:p1',
    },
    answer: {
      id: '8ac7a4a2b1',
      paymentType: 'RF',
      result: {
        code: '000.100.110',
        description: "Request successfully processed in 'Merchant in Integrator Test Mode'",
      },
    },
  },
];

describe('payment provider adapter (recorded exchange)', () => {
  it('prepares a checkout, reads its result with the registration, charges the stored card, refunds', async () => {
    const calls: string[] = [];
    const fake = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(String(input));
      const step = recorded[calls.length]!;
      calls.push(`${init?.method} ${url.pathname}`);
      expect(`${init?.method} ${url.pathname}`).toBe(`${step.method} ${step.path}`);
      expect(new Headers(init?.headers).get('authorization')).toBe(
        'Bearer OGE4Mjk0MTc0YjdlY2IyODAxNGI5Njk5MjIwMDE1Y2N8c3k2S0pzVDg=',
      );
      if (step.form) expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual(step.form);
      else expect(url.searchParams.get('entityId')).toBe('8a8294174b7ecb28014b9699220015ca');
      return new Response(JSON.stringify(step.answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const provider = providerPayments(
      {
        baseUrl: 'https://eu-test.oppwa.com',
        entityId: '8a8294174b7ecb28014b9699220015ca',
        accessToken: 'OGE4Mjk0MTc0YjdlY2IyODAxNGI5Njk5MjIwMDE1Y2N8c3k2S0pzVDg=',
      },
      fake,
    );

    expect(provider.origins).toEqual(['https://eu-test.oppwa.com']);
    const { providerId } = await provider.prepareCheckout({
      amountCents: 999,
      description: 'Data Plus',
      reference: 'checkout:c1',
      mode: 'payment',
      saveCard: true,
    });
    expect(provider.widgetScriptUrl(providerId)).toBe(
      'https://eu-test.oppwa.com/v1/paymentWidgets.js?checkoutId=E2C1B6E0.uat01-vm-tx01',
    );
    const result = await provider.checkoutResult(providerId);
    expect(classifyResult(result.code)).toBe('success');
    expect(result).toMatchObject({
      paymentId: '8ac7a4a19f',
      registration: { token: '8ac7a49f9e', brand: 'VISA', last4: '0000', expiry: '05/34' },
    });
    const charge = await provider.chargeStoredCard('8ac7a49f9e', 949, 'purchase:p1');
    expect(charge).toMatchObject({ paymentId: '8ac7a4a2a0', code: '000.100.110' });
    await provider.refund(charge.paymentId, 949, 'refund:purchase:p1');
    expect(calls).toHaveLength(4);
  });

  it('a provider answer without a result is an error, not a success', async () => {
    const broken = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch;
    const provider = providerPayments(
      { baseUrl: 'https://eu-test.oppwa.com', entityId: 'e', accessToken: 't' },
      broken,
    );
    await expect(provider.checkoutResult('x')).rejects.toThrow(/without a result/);
  });

  it('a refund the provider refuses is an error; a refund is found again by our reference', async () => {
    const answers: Record<string, unknown> = {
      'POST /v1/payments/p-refused': {
        id: 'r1',
        paymentType: 'RF',
        result: {
          code: '700.400.200',
          description: 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)',
        },
      },
      // The transaction search (GET /v1/query): what was done under a merchantTransactionId.
      'GET /v1/query?merchantTransactionId=refund%3Agiven': {
        result: { code: '000.000.100', description: 'successful request' },
        payments: [
          {
            id: 'r2',
            paymentType: 'RF',
            result: { code: '000.100.110', description: 'Request successfully processed' },
          },
        ],
      },
      'GET /v1/query?merchantTransactionId=refund%3Arefused': {
        result: { code: '000.000.100', description: 'successful request' },
        payments: [{ id: 'r3', paymentType: 'RF', result: { code: '700.400.200', description: 'cannot refund' } }],
      },
      'GET /v1/query?merchantTransactionId=refund%3Anone': {
        result: { code: '700.400.580', description: 'cannot find transaction' },
      },
    };
    const fake = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(String(input));
      url.searchParams.delete('entityId');
      const answer = answers[`${init?.method} ${url.pathname}${url.search}`];
      return new Response(JSON.stringify(answer ?? {}), { status: answer ? 200 : 404 });
    }) as typeof fetch;
    const provider = providerPayments({ baseUrl: 'https://eu-test.oppwa.com', entityId: 'e', accessToken: 't' }, fake);
    await expect(provider.refund('p-refused', 500, 'refund:refused')).rejects.toThrow(/refund refused: 700\.400\.200/);
    expect(await provider.refundGiven('refund:given')).toBe(true);
    expect(await provider.refundGiven('refund:refused')).toBe(false);
    expect(await provider.refundGiven('refund:none')).toBe(false);
  });
});

/**
 * The outside services the reference deployment needs when it runs on one machine
 * (`npm run deploy:local`): a mail server that keeps what it is sent (read back over HTTP), and a
 * card provider that speaks the provider's API the portal's production adapter calls
 * (modules/money/integrations/payments/provider.ts: checkouts, the widget script, results, stored cards,
 * refunds, the transaction search), and the mobile network: the embedded default's sandbox network
 * (TMF641 orders, TMF638 inventory, OAuth), its signed events sent to the portal's listener at
 * STAND_INS_SITE_URL. Every other outside service production names is pointed at this server too,
 * which answers it 404: the portal treats those as unreachable services. And the staff's identity
 * provider: the sandbox's OpenID provider with the demo staff at /idp, with the second step production
 * requires: a code from an authenticator (RFC 6238), each person's secret made at start and their codes
 * read on the loopback door (/staff-codes), as an authenticator app would show them.
 *
 * Two doors. On STAND_INS_HOST (the address the containers use; loopback unless given), SMTP and, over
 * https, only what the stack calls: the card provider's API and widget, the network's OAuth and
 * TMF APIs (with the client the stack was given) and the staff's provider (its client, likewise). The mails kept, and the network's controls
 * ("down", settle, an order moved by hand), answer on loopback only, in plain http:
 * anyone who could reach them would read password-reset links or move any line.
 *
 *   node scripts/deploy-local/stand-ins.ts   (STAND_INS_HOST, STAND_INS_HTTP_PORT, STAND_INS_SMTP_PORT,
 *   STAND_INS_LOCAL_PORT, STAND_INS_NETWORK_CLIENT_ID and _SECRET, STAND_INS_STAFF_CLIENT_ID and _SECRET,
 *   STAND_INS_TLS_KEY and
 *   STAND_INS_TLS_CERT: its https certificate)
 *
 * Test cards: 4200 0000 0000 0000 is paid, 4000 0000 0000 0002 is declined. Nothing is charged.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createPlainServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { getRequestListener } from '@hono/node-server';
import { Secret, TOTP } from 'otpauth';
import {
  sandboxNetworkAdapter,
  networkSandboxRoutes,
  SANDBOX_NETWORK_CLIENT,
} from '../../src/server/modules/network/index.ts';
import { DEMO_STAFF, staffIdentityProvider } from '../../src/server/modules/staff/index.ts';
import { mailSink } from '../../tests/setup/mail-sink.ts';

const host = process.env.STAND_INS_HOST ?? '127.0.0.1';
const httpPort = Number(process.env.STAND_INS_HTTP_PORT ?? 9480);
const smtpPort = Number(process.env.STAND_INS_SMTP_PORT ?? 2525);
const localPort = Number(process.env.STAND_INS_LOCAL_PORT ?? 9481);
const siteUrl = process.env.STAND_INS_SITE_URL ?? 'https://localhost:8443';
const network = sandboxNetworkAdapter({ secret: process.env.STAND_INS_NETWORK_EVENT_SECRET!, delayMs: 2000 });
// The network's events go to the portal's listener, through nginx as a real network's would.
network.attach((request) => fetch(new Request(new URL(new URL(request.url).pathname, siteUrl), request)));
const networkClient = {
  clientId: process.env.STAND_INS_NETWORK_CLIENT_ID ?? SANDBOX_NETWORK_CLIENT.clientId,
  clientSecret: process.env.STAND_INS_NETWORK_CLIENT_SECRET ?? SANDBOX_NETWORK_CLIENT.clientSecret,
};
const networkApi = getRequestListener(networkSandboxRoutes(network, networkClient).fetch);
/** What the stack calls of the network: OAuth's token and the TMF APIs (never the controls). */
const isNetworkApi = (path: string) =>
  path === '/sandbox/network/oauth/token' || path.startsWith('/sandbox/network/tmf-api/');
/** The staff's provider: its issuer as the stack and the browser reach it, a code each person. */
const IDP_PATH = '/idp';
const issuer = `https://${host}:${httpPort}${IDP_PATH}`;
const authenticators = new Map(
  DEMO_STAFF.map((person) => [
    person.email,
    new TOTP({ issuer: '48 staff (stand-in)', label: person.email, secret: new Secret({ size: 20 }) }),
  ]),
);
const staffClient = { id: process.env.STAND_INS_STAFF_CLIENT_ID, secret: process.env.STAND_INS_STAFF_CLIENT_SECRET };
if (!staffClient.id || !staffClient.secret)
  throw new Error(
    'STAND_INS_STAFF_CLIENT_ID and STAND_INS_STAFF_CLIENT_SECRET: the staff console’s client at the stand-in provider',
  );
const staffIdp = await staffIdentityProvider({
  issuer,
  siteUrl,
  client: { id: staffClient.id, secret: staffClient.secret },
  secondFactor: {
    hint: `The stand-in's codes: http://127.0.0.1:${localPort}/staff-codes on the machine that runs it.`,
    // The code of this 30 seconds or the one before (a code typed as it changed).
    check: (email, code) => authenticators.get(email)?.validate({ token: code, window: 1 }) != null,
  },
});
const idpListener = staffIdp.callback();
const tls = { key: readFileSync(process.env.STAND_INS_TLS_KEY!), cert: readFileSync(process.env.STAND_INS_TLS_CERT!) };

const smtp = mailSink({ keep: 1000 });
const mails = smtp.received;

interface Payment {
  id: string;
  checkoutId: string;
  paymentType: string;
  amount: string;
  merchantTransactionId: string;
  code: string;
  description: string;
  card?: { last4Digits: string; expiryMonth: string; expiryYear: string; holder: string };
  registrationId?: string;
}
interface Checkout {
  id: string;
  amount: string;
  paymentType: string;
  merchantTransactionId: string;
  createRegistration: boolean;
  payment?: Payment;
}
const checkouts = new Map<string, Checkout>();
const registrations = new Map<string, NonNullable<Payment['card']>>();
const payments: Payment[] = [];

const PAID = {
  code: '000.100.110',
  description: "Request successfully processed in 'Merchant in Integrator Test Mode'",
};
const DECLINED = { code: '800.100.151', description: 'transaction declined (invalid card)' };

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(value));
}

function paymentAnswer(p: Payment) {
  return {
    id: p.id,
    paymentType: p.paymentType,
    amount: p.amount,
    currency: 'EUR',
    merchantTransactionId: p.merchantTransactionId,
    result: { code: p.code, description: p.description },
    ...(p.card ? { paymentBrand: 'VISA', card: p.card } : {}),
    ...(p.registrationId ? { registrationId: p.registrationId } : {}),
  };
}

/** The widget: labelled card fields drawn into the shop's `form.paymentWidgets`, posted to this provider. */
function widget(options: { action: string; checkoutId: string }) {
  const form = document.querySelector<HTMLFormElement>('form.paymentWidgets');
  if (!form) return;
  const box = document.createElement('fieldset');
  box.className = 'fieldset';
  const legend = document.createElement('legend');
  legend.textContent = 'Card (test provider: no real card is charged)';
  box.append(legend);
  const fields: [string, string, Record<string, string>][] = [
    ['number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number' }],
    ['expiry', 'Expiry (MM/YY)', { autocomplete: 'cc-exp', placeholder: 'MM/YY' }],
    ['cvv', 'CVV', { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '3' }],
    ['holder', 'Name on the card', { autocomplete: 'cc-name' }],
  ];
  for (const [name, label, attrs] of fields) {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    const l = document.createElement('label');
    l.htmlFor = `standin-${name}`;
    l.textContent = label;
    const input = document.createElement('input');
    input.id = `standin-${name}`;
    input.name = `card.${name}`;
    input.required = true;
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    wrap.append(l, input);
    box.append(wrap);
  }
  const result = document.createElement('input');
  result.type = 'hidden';
  result.name = 'shopperResultUrl';
  result.value = new URL(form.getAttribute('action') ?? '/', location.href).href;
  const button = document.createElement('button');
  button.type = 'submit';
  button.className = 'btn btn--primary';
  button.textContent = 'Pay now';
  box.append(result, button);
  form.append(box);
  form.method = 'post';
  form.action = options.action;
}

/** `local`: the loopback door (everything); `stack`: the door the containers and the browser use. */
async function handle(req: IncomingMessage, res: ServerResponse, door: 'local' | 'stack') {
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const url = new URL(req.url ?? '/', `${scheme}://${req.headers.host ?? 'localhost'}`);
  const parts = url.pathname.split('/').filter(Boolean);
  if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { ok: true, host, issuer });
  if (url.pathname.startsWith(`${IDP_PATH}/`)) {
    req.url = (req.url ?? '/').slice(IDP_PATH.length);
    return idpListener(req, res);
  }
  if (door === 'local' && req.method === 'GET' && url.pathname === '/staff-codes')
    return json(
      res,
      200,
      [...authenticators].map(([email, totp]) => ({ email, code: totp.generate(), uri: totp.toString() })),
    );
  if (door === 'stack' && url.pathname !== '/v1' && !url.pathname.startsWith('/v1/') && !isNetworkApi(url.pathname))
    return json(res, 404, { error: 'not a stand-in here' });
  if (url.pathname.startsWith('/sandbox/network/')) return networkApi(req, res);
  if (req.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to');
    return json(res, 200, to ? mails.filter((m) => m.to.includes(to)) : mails);
  }
  if (req.method === 'POST' && url.pathname === '/v1/checkouts') {
    const form = await formOf(req);
    const checkout: Checkout = {
      id: randomUUID().replace(/-/g, '').toUpperCase(),
      amount: form.get('amount') ?? '0.00',
      paymentType: form.get('paymentType') ?? 'DB',
      merchantTransactionId: form.get('merchantTransactionId') ?? '',
      createRegistration: form.get('createRegistration') === 'true',
    };
    checkouts.set(checkout.id, checkout);
    return json(res, 200, {
      id: checkout.id,
      result: { code: '000.200.100', description: 'successfully created checkout' },
    });
  }
  if (req.method === 'GET' && url.pathname === '/v1/paymentWidgets.js') {
    const checkoutId = url.searchParams.get('checkoutId') ?? '';
    if (!checkouts.has(checkoutId))
      return json(res, 404, { result: { code: '200.300.404', description: 'no checkout' } });
    const action = `${url.origin}/v1/checkouts/${checkoutId}/pay`;
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    return res.end(`(${widget.toString()})(${JSON.stringify({ action, checkoutId })});`);
  }
  if (parts[0] === 'v1' && parts[1] === 'checkouts' && parts[2]) {
    const checkout = checkouts.get(parts[2]);
    if (!checkout) return json(res, 404, { result: { code: '200.300.404', description: 'no checkout' } });
    if (req.method === 'POST' && parts[3] === 'pay') {
      const form = await formOf(req);
      const number = (form.get('card.number') ?? '').replace(/\s/g, '');
      const [month = '', year = ''] = (form.get('card.expiry') ?? '').split('/');
      const card = {
        last4Digits: number.slice(-4),
        expiryMonth: month,
        expiryYear: `20${year}`,
        holder: form.get('card.holder') ?? '',
      };
      const paid = number === '4200000000000000';
      const payment: Payment = {
        id: randomUUID().replace(/-/g, ''),
        checkoutId: checkout.id,
        paymentType: checkout.paymentType,
        amount: checkout.amount,
        merchantTransactionId: checkout.merchantTransactionId,
        ...(paid ? PAID : DECLINED),
        card,
      };
      if (paid && checkout.createRegistration) {
        payment.registrationId = randomUUID().replace(/-/g, '');
        registrations.set(payment.registrationId, card);
      }
      checkout.payment = payment;
      payments.push(payment);
      const back = new URL(form.get('shopperResultUrl') ?? '/');
      back.searchParams.set('id', checkout.id);
      back.searchParams.set('resourcePath', `/v1/checkouts/${checkout.id}/payment`);
      res.writeHead(303, { location: back.href });
      return res.end();
    }
    if (req.method === 'GET' && parts[3] === 'payment') {
      if (!checkout.payment)
        return json(res, 200, { result: { code: '000.200.000', description: 'transaction pending' } });
      return json(res, 200, paymentAnswer(checkout.payment));
    }
  }
  if (req.method === 'POST' && parts[0] === 'v1' && parts[1] === 'registrations' && parts[3] === 'payments') {
    const card = registrations.get(parts[2] ?? '');
    const form = await formOf(req);
    if (!card) return json(res, 200, { result: { code: '100.150.101', description: 'invalid registration' } });
    const payment: Payment = {
      id: randomUUID().replace(/-/g, ''),
      checkoutId: '',
      paymentType: form.get('paymentType') ?? 'DB',
      amount: form.get('amount') ?? '0.00',
      merchantTransactionId: form.get('merchantTransactionId') ?? '',
      ...PAID,
      card,
    };
    payments.push(payment);
    return json(res, 200, paymentAnswer(payment));
  }
  if (req.method === 'POST' && parts[0] === 'v1' && parts[1] === 'payments' && parts[2]) {
    const form = await formOf(req);
    const original = payments.find((p) => p.id === parts[2]);
    if (!original) return json(res, 200, { result: { code: '700.400.200', description: 'no such payment' } });
    const refund: Payment = {
      id: randomUUID().replace(/-/g, ''),
      checkoutId: '',
      paymentType: 'RF',
      amount: form.get('amount') ?? '0.00',
      merchantTransactionId: form.get('merchantTransactionId') ?? '',
      ...PAID,
    };
    payments.push(refund);
    return json(res, 200, paymentAnswer(refund));
  }
  if (req.method === 'GET' && url.pathname === '/v1/query') {
    const reference = url.searchParams.get('merchantTransactionId');
    const found = payments.filter((p) => p.merchantTransactionId === reference).map(paymentAnswer);
    return json(res, 200, { result: { code: '000.000.100', description: 'successful request' }, payments: found });
  }
  return json(res, 404, { error: 'not a stand-in here' });
}

const answer = (door: 'local' | 'stack') => (req: IncomingMessage, res: ServerResponse) => {
  handle(req, res, door).catch((error: unknown) => json(res, 500, { error: String(error) }));
};
const server = createServer(tls, answer('stack'));
// Everything, the mails and the network's controls included, on loopback in plain http: this
// machine's tests and its person only.
const local = createPlainServer(answer('local'));
await smtp.listen(smtpPort, host);
await new Promise<void>((resolve) => server.listen(httpPort, host, resolve));
await new Promise<void>((resolve) => local.listen(localPort, '127.0.0.1', resolve));
console.log(
  `stand-ins: mail on smtp://${host}:${smtpPort}, card provider, network API and staff sign-in on https://${host}:${httpPort}, mails, the network's controls and the staff's codes on http://127.0.0.1:${localPort}`,
);
const stop = () => {
  server.close();
  local.close();
  void smtp.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import { SANDBOX_CARDS, sandboxToken, type SandboxPayments } from './index.ts';

const euro = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const NOTICE = 'Test payment: no real card is charged';

/** Where the card form and a 3-D Secure challenge may send the shopper back: the payment page, in any language. */
const RESULT_PAGE = /^\/((ga|pl)\/)?payment-gateway\/\?/;

const SavedCardSchema = z.object({
  saved: z.literal(true),
  cvv: z.string().regex(/^\d{3}$/, { error: 'The CVV is the 3 digits on the back of the card.' }),
  result_url: z.string().regex(RESULT_PAGE, { error: 'Bad result address.' }),
});
const CardSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Enter the card number.' })),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'Enter the expiry date as MM/YY.' }),
  cvv: z.string().regex(/^\d{3}$/, { error: 'The CVV is the 3 digits on the back of the card.' }),
  holder: z.string().trim().min(1, { error: 'Enter the name on the card.' }).max(80),
  result_url: z.string().regex(RESULT_PAGE, { error: 'Bad result address.' }),
});

/** A future expiry: the card is valid up to the end of its month. */
function expired(expiry: string, now: number): boolean {
  const [mm, yy] = expiry.split('/').map(Number) as [number, number];
  return new Date(Date.UTC(2000 + yy, mm, 1)).getTime() <= now;
}

/**
 * The payment sandbox (docs/product/money.md): the widget script, the card entry, the 3-D Secure challenge.
 * It says on screen that no real card is charged. Its test cards decide the outcome.
 */
export function paymentsSandboxRoutes(payments: SandboxPayments) {
  const app = new Hono<SandboxEnv>();

  // The widget: draws a labelled card form inside the payment form of /payment-gateway/ and posts
  // the card here (as a provider's widget posts to the provider, never to the shop).
  app.get('/sandbox/payments/widget.js', (c) => {
    const id = c.req.query('checkoutId') ?? '';
    const checkout = payments.checkouts.get(id);
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'no-store');
    if (!checkout) return c.body('console.error("sandbox: unknown checkout");');
    const label = checkout.mode === 'register' ? 'Save card' : `Pay ${euro(checkout.amountCents)}`;
    const saved = checkout.saved ? { brand: checkout.saved.brand, last4: checkout.saved.last4 } : null;
    const cards = [
      ['4200 0000 0000 0000', 'success'],
      ['4000 0000 0000 3220', '3-D Secure: Approve or Decline'],
      ['4000 0000 0000 0002', 'declined'],
      ['4000 0000 0000 0077', 'pending, then success after 10 s'],
    ];
    return c.body(`(${widget.toString()})(${JSON.stringify({ id, label, notice: NOTICE, saved, cards })});`);
  });

  app.post('/sandbox/payments/checkouts/:id/pay', async (c) => {
    const checkout = payments.checkouts.get(c.req.param('id'));
    if (!checkout) return c.json({ message: 'This payment has expired. Please start again.' }, 404);
    const sent: unknown = await c.req.json().catch(() => ({}));
    const withSaved = SavedCardSchema.safeParse(sent);
    const parsed =
      withSaved.success && checkout.saved
        ? {
            success: true as const,
            data: {
              number: checkout.saved.number,
              expiry: '12/99',
              cvv: withSaved.data.cvv,
              holder: 'Saved card',
              result_url: withSaved.data.result_url,
            },
          }
        : CardSchema.safeParse(sent);
    if (!parsed.success) return c.json({ message: parsed.error.issues[0]!.message }, 400);
    const card = parsed.data;
    if (expired(card.expiry, payments.now())) return c.json({ message: 'This card has expired.' }, 400);
    const test = SANDBOX_CARDS[card.number];
    if (!test) return c.json({ message: 'Use one of the test cards listed on the sandbox page.' }, 400);
    const registration = {
      token: sandboxToken(card.number),
      brand: test.brand,
      last4: card.number.slice(-4),
      expiry: card.expiry,
    };
    const back = `${card.result_url}&resourcePath=${encodeURIComponent(`/v1/checkouts/${c.req.param('id')}/payment`)}`;
    if (test.threeDs) {
      checkout.challenge = registration;
      return c.json({
        redirect: `/sandbox/payments/3ds/${encodeURIComponent(c.req.param('id'))}?return=${encodeURIComponent(back)}`,
      });
    }
    const keep = checkout.mode === 'register' || checkout.saveCard;
    checkout.result = {
      code: test.code,
      description: test.description,
      card: { brand: test.brand, last4: registration.last4 },
      ...(keep && test.code !== '800.100.151' ? { registration } : {}),
      ...(test.code === '000.200.000' ? { settlesAt: payments.now() + 10_000 } : {}),
    };
    return c.json({ redirect: back });
  });

  // 3-D Secure: the bank's challenge page, with Approve and Decline.
  app.get('/sandbox/payments/3ds/:id', (c) => {
    const checkout = payments.checkouts.get(c.req.param('id'));
    const back = c.req.query('return') ?? '';
    if (!checkout?.challenge || !RESULT_PAGE.test(back))
      return c.html(
        sandboxPage(
          '3-D Secure',
          html`<h1>3-D Secure</h1>
            <p>This payment has expired.</p>`,
        ),
        404,
      );
    return c.html(
      sandboxPage(
        'Confirm your payment',
        html`<h1>Confirm your payment</h1>
          <p><strong>${NOTICE}.</strong> This page stands in for your bank's 3-D Secure check.</p>
          <p>
            Approve the payment of <strong>${euro(checkout.amountCents)}</strong> to 48 with the card ending
            ${checkout.challenge.last4}?
          </p>
          <form method="post">
            <input type="hidden" name="return" value="${back}" />
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="decline">Decline</button>
          </form>`,
      ),
    );
  });
  app.post('/sandbox/payments/3ds/:id', async (c) => {
    const checkout = payments.checkouts.get(c.req.param('id'));
    const body = await c.req.parseBody();
    const back = typeof body['return'] === 'string' ? body['return'] : '';
    if (!checkout?.challenge || !RESULT_PAGE.test(back)) return c.text('This payment has expired.', 404);
    const approved = body['decision'] === 'approve';
    const keep = checkout.mode === 'register' || checkout.saveCard;
    checkout.result = approved
      ? {
          code: '000.000.000',
          description: 'Transaction succeeded',
          card: { brand: checkout.challenge.brand, last4: checkout.challenge.last4 },
          ...(keep ? { registration: checkout.challenge } : {}),
        }
      : { code: '100.390.112', description: '3-D Secure authentication was declined' };
    delete checkout.challenge;
    return c.redirect(back, 303);
  });
  return app;
}

/** The widget script's body (runs in the browser; serialised with toString, so it uses nothing from here). */
function widget(options: {
  id: string;
  label: string;
  notice: string;
  saved: { brand: string; last4: string } | null;
  cards: string[][];
}) {
  const form = document.querySelector<HTMLFormElement>('form.paymentWidgets');
  if (!form) return;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, text?: string) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) node.setAttribute(k, v);
    if (text) node.textContent = text;
    return node;
  };
  // The provider's widget speaks the page's language (wpwlOptions.locale); this stand-in is English, marked so.
  const box = el('div', { class: 'stack', 'data-sandbox-widget': '', lang: 'en-IE' });
  box.append(el('p', { class: 'alert alert--info' }, `${options.notice}.`));
  const tests = el('details');
  tests.append(el('summary', {}, 'Test cards'));
  const list = el('ul');
  for (const [number, outcome] of options.cards) list.append(el('li', {}, `${number}: ${outcome}`));
  tests.append(list, el('p', {}, 'Any future expiry date and any 3-digit CVV.'));
  box.append(tests);
  const error = el('div', { id: 'sbx-error', class: 'alert alert--error', role: 'alert', hidden: '' });
  box.append(error);
  const fields: [string, string, Record<string, string>][] = [
    ['number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number' }],
    ['expiry', 'Expiry date (MM/YY)', { autocomplete: 'cc-exp', placeholder: 'MM/YY' }],
    ['cvv', 'CVV', { inputmode: 'numeric', autocomplete: 'cc-csc' }],
    ['holder', 'Name on card', { autocomplete: 'cc-name' }],
  ];
  // The saved card (PANDAOLTREG2), when the member chose it: its CVV only. A new card (PANDAOLTUNRG2): every field.
  const newCardOnly: HTMLElement[] = [];
  if (options.saved)
    box.append(
      el(
        'p',
        { 'data-saved-card': '' },
        `Paying with your saved ${options.saved.brand} card ending ${options.saved.last4}. Enter its CVV.`,
      ),
    );
  for (const [name, label, props] of fields) {
    const id = `sbx-${name}`;
    const wrap = el('div', { class: 'field' });
    wrap.append(el('label', { for: id }, label), el('input', { id, name: `card.${name}`, required: '', ...props }));
    box.append(wrap);
    if (name !== 'cvv') newCardOnly.push(wrap);
  }
  if (options.saved) for (const wrap of newCardOnly) wrap.remove();
  const button = el('button', { type: 'submit', class: 'btn btn--primary' }, options.label);
  box.append(button);
  form.append(box);
  const input = (name: string) => form.elements.namedItem(`card.${name}`) as HTMLInputElement | null;
  // As typed: the number in groups of four, the expiry as MM/YY ("1229" becomes "12/29").
  input('number')?.addEventListener('input', (e) => {
    const field = e.currentTarget as HTMLInputElement;
    field.value = field.value
      .replace(/\D/g, '')
      .slice(0, 19)
      .replace(/(\d{4})(?=\d)/g, '$1 ');
  });
  input('expiry')?.addEventListener('input', (e) => {
    const field = e.currentTarget as HTMLInputElement;
    const digits = field.value.replace(/\D/g, '').slice(0, 4);
    const deleting = (e as InputEvent).inputType?.startsWith('delete');
    field.value =
      digits.length > 2 || (digits.length === 2 && !deleting) ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  });
  /** What is wrong with the card as typed, before anything is sent (the provider still decides). */
  const problem = (): [string, string] | undefined => {
    if (options.saved)
      return /^\d{3}$/.test(input('cvv')!.value.trim())
        ? undefined
        : ['cvv', 'The CVV is the 3 digits on the back of the card.'];
    const digits = input('number')!.value.replace(/\D/g, '');
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1 && (d *= 2) > 9) d -= 9;
      sum += d;
    }
    if (digits.length < 13 || sum % 10 !== 0)
      return ['number', 'Check the card number: it is the 13 to 19 digits on the front of the card.'];
    const expiry = /^(\d{2})\/(\d{2})$/.exec(input('expiry')!.value.trim());
    const month = Number(expiry?.[1]);
    if (!expiry || month < 1 || month > 12) return ['expiry', 'Enter the expiry date as MM/YY.'];
    const now = new Date();
    const year = 2000 + Number(expiry[2]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return ['expiry', 'This card has expired: use another card.'];
    if (!/^\d{3}$/.test(input('cvv')!.value.trim())) return ['cvv', 'The CVV is the 3 digits on the back of the card.'];
    if (!input('holder')!.value.trim()) return ['holder', 'Enter the name on the card.'];
    return undefined;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const name of ['number', 'expiry', 'cvv', 'holder']) input(name)?.removeAttribute('aria-invalid');
    const wrong = problem();
    if (wrong) {
      const [name, message] = wrong;
      error.textContent = message;
      error.hidden = false;
      const field = input(name);
      field?.setAttribute('aria-invalid', 'true');
      field?.setAttribute('aria-describedby', 'sbx-error');
      field?.focus();
      return;
    }
    if (!form.reportValidity()) return;
    const value = (name: string) => (form.elements.namedItem(`card.${name}`) as HTMLInputElement).value;
    button.setAttribute('disabled', '');
    button.textContent = 'Paying…';
    error.hidden = true;
    const action = new URL(form.action, location.href);
    const resultUrl = `${action.pathname}${action.search}`;
    const useSaved = options.saved !== null;
    const res = await fetch(`/sandbox/payments/checkouts/${encodeURIComponent(options.id)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        useSaved
          ? { saved: true, cvv: value('cvv'), result_url: resultUrl }
          : {
              number: value('number').replace(/\s/g, ''),
              expiry: value('expiry'),
              cvv: value('cvv'),
              holder: value('holder'),
              result_url: resultUrl,
            },
      ),
    }).catch(() => undefined);
    const answer = res ? ((await res.json().catch(() => ({}))) as { redirect?: string; message?: string }) : {};
    if (res?.ok && answer.redirect) return location.assign(answer.redirect);
    error.textContent = answer.message ?? 'The payment could not be sent. Please try again.';
    error.hidden = false;
    button.removeAttribute('disabled');
    button.textContent = options.label;
    form.dispatchEvent(
      new CustomEvent('payment-error', { detail: { step: 'init', result: 'error', message: error.textContent } }),
    );
  });
}

import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import type { SandboxNetwork } from './sandbox-network.ts';
import { e164, formOf, isJson, numberIn } from './sandbox-http.ts';

/**
 * /sandbox/usage: the network's usage of a number, sent as signed TMF635 events to the portal's
 * listener (at home or abroad, made or received, rated by the network or not), from a form or JSON.
 */
export function usageSandboxRoutes(network: SandboxNetwork) {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/usage', (c) => c.html(usagePage(c.req.query('done'))));
  app.post('/sandbox/usage', async (c) => {
    const form = await formOf(c);
    const msisdn = numberIn(form);
    const country = String(form['country'] || 'IE').toUpperCase();
    const num = (name: string) => (form[name] === undefined || form[name] === '' ? 0 : Number(form[name]));
    const dataKb = Math.round(num('data_mb') * 1024 + num('data_gb') * 1024 * 1024);
    const minutes = num('minutes');
    const texts = num('texts');
    // Who was called or texted, whether it was received, and the network's own price (rated by it).
    const destination = String(form['destination'] ?? '').replace(/\s+/g, '');
    const destinationType =
      form['destination_type'] === 'mobile' ? 'mobile' : form['destination_type'] === 'fixed' ? 'fixed' : '';
    const incoming = form['incoming'] === true || form['incoming'] === 'true' || form['incoming'] === 'on';
    const ratedEur = form['rated_eur'] === undefined || form['rated_eur'] === '' ? null : Number(form['rated_eur']);
    if (
      !/^(08\d{8}|3538\d{8})$/.test(msisdn) ||
      !/^[A-Z]{2}$/.test(country) ||
      !Number.isFinite(dataKb) ||
      dataKb < 0 ||
      dataKb > 100 * 1024 * 1024 ||
      !Number.isInteger(minutes) ||
      minutes < 0 ||
      minutes > 100_000 ||
      !Number.isInteger(texts) ||
      texts < 0 ||
      texts > 100_000 ||
      dataKb + minutes + texts === 0 ||
      !/^(\+?\d{3,15})?$/.test(destination) ||
      (ratedEur !== null && (!Number.isFinite(ratedEur) || ratedEur < 0 || ratedEur > 10_000))
    )
      return c.json(
        {
          error:
            'Give msisdn (087…), some use (data_mb or data_gb up to 100 GB, minutes, texts: whole, 0 or more) and a country (two letters; IE when not given); a destination is digits with an optional +, rated_eur a price in euro.',
        },
        400,
      );
    // The network enforces what it was ordered: a suspended line makes no use, a line with data barred no data.
    const refusal = await network.refuses(msisdn.replace(/^353/, '0'), dataKb > 0, minutes + texts > 0);
    if (refusal) {
      if (isJson(c)) return c.json({ error: `The network refused the use: ${refusal}.` }, 409);
      return c.redirect(`/sandbox/usage?done=${encodeURIComponent(`The network refused the use: ${refusal}.`)}`, 303);
    }
    const usageDate = c.var.clock().toISOString();
    const sent: { usageType: string; status: number | string; answer?: unknown }[] = [];
    for (const [usageType, amount] of [
      ['data', { name: 'volumeKb', value: dataKb }],
      ['voice', { name: 'durationS', value: minutes * 60 }],
      ['sms', { name: 'count', value: texts }],
    ] as const) {
      if (amount.value === 0) continue;
      const usage = {
        id: `sandbox-usage-${randomUUID()}`,
        usageDate,
        usageType,
        // The sandbox's charging system rates nothing unless given a price: the portal rates then.
        status: ratedEur === null ? 'received' : 'rated',
        usageCharacteristic: [
          { name: 'msisdn', value: e164(msisdn) },
          amount,
          { name: 'country', value: country },
          ...(usageType !== 'data' && destination ? [{ name: 'destination', value: destination }] : []),
          ...(usageType === 'voice' && destinationType ? [{ name: 'destinationType', value: destinationType }] : []),
          ...(usageType !== 'data' && incoming ? [{ name: 'direction', value: 'incoming' }] : []),
        ],
        ...(ratedEur === null
          ? {}
          : {
              ratedProductUsage: [
                {
                  usageRatingTag: ratedEur === 0 ? 'included usage' : 'non included usage',
                  taxIncludedRatingAmount: { value: ratedEur, unit: 'EUR' },
                  '@type': 'RatedProductUsage',
                },
              ],
            }),
        '@type': 'Usage',
      };
      const { status, answer } = await network.emit('UsageCreateEvent', { usage }, `${usageType} ${msisdn} ${country}`);
      sent.push({ usageType, status, answer });
    }
    const answers = sent.map((s) => (s.answer as { _payload?: { outcome?: string; usage?: unknown } })?._payload);
    const failed = sent.find((s) => typeof s.status !== 'number' || s.status < 200 || s.status > 299);
    if (isJson(c))
      return failed
        ? c.json({ error: `The listener answered ${failed.status}.`, sent }, 502)
        : c.json({ events: answers, ...(answers.at(-1)?.usage as object) });
    const said: Record<string, string> = {
      applied: 'counted',
      duplicate: 'counted already',
      deadLetter: 'no SIM has that number, so the portal kept it aside',
    };
    const done = failed
      ? `The listener answered ${failed.status}.`
      : `${msisdn} in ${country}: ${answers.map((a) => said[a?.outcome ?? ''] ?? a?.outcome).join(', ')}.`;
    return c.redirect(`/sandbox/usage?done=${encodeURIComponent(done)}`, 303);
  });
  return app;
}

const usagePage = (done: string | undefined) =>
  sandboxPage(
    'Usage sandbox',
    html`<h1>Network usage sandbox</h1>
      <p>
        The network sends each use of a number as a signed event (TM Forum's UsageCreateEvent) to the portal's listener,
        which counts it: the membership's data, minutes and texts at home; abroad, by country, with the roaming notices
        and the cap (docs/product/roaming.md). The 80 % and 100 % alerts follow the counted totals. What no allowance
        covers is paid from credit at the published charges, or at the network's price where it gives one and the portal
        is set to take it (docs/product/money.md).
      </p>
      ${done ? html`<p role="status">${done}</p>` : ''}
      <form method="post" action="/sandbox/usage">
        <p>
          <label for="msisdn">Number (087…)</label><br />
          <input id="msisdn" name="msisdn" inputmode="numeric" autocomplete="off" required />
        </p>
        <p>
          <label for="country">Country (two letters: IE at home, FR, US…)</label><br />
          <input id="country" name="country" maxlength="2" value="IE" required />
        </p>
        <p>
          <label for="data_mb">Data used (MB)</label><br />
          <input id="data_mb" name="data_mb" inputmode="decimal" value="0" />
        </p>
        <p>
          <label for="minutes">Minutes</label><br />
          <input id="minutes" name="minutes" inputmode="numeric" value="0" />
        </p>
        <p>
          <label for="texts">Texts</label><br />
          <input id="texts" name="texts" inputmode="numeric" value="0" />
        </p>
        <p>
          <label for="destination">Number called or texted (optional: 087…, 01…, +44…, 1850…, 112)</label><br />
          <input id="destination" name="destination" inputmode="tel" autocomplete="off" />
        </p>
        <p>
          <label for="destination_type">The number called is</label><br />
          <select id="destination_type" name="destination_type">
            <option value="">Not said</option>
            <option value="mobile">A mobile</option>
            <option value="fixed">A landline</option>
          </select>
        </p>
        <p>
          <label><input type="checkbox" name="incoming" value="true" /> Received, not made</label>
        </p>
        <p>
          <label for="rated_eur">The network's price in euro (optional: rated by the network)</label><br />
          <input id="rated_eur" name="rated_eur" inputmode="decimal" />
        </p>
        <button type="submit">Send the usage</button>
      </form>
      <p><a href="/sandbox/network">The network's orders and events</a></p>`,
  );

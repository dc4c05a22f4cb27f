import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { LIST_PRODUCTS_PATH, type ListProductsResponse } from '../../../src/contract/catalogue.ts';
import { createApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { partnerCatalogue } from '../../../src/server/modules/content/integrations/catalogue/index.ts';
import { localCatalogue } from '../../../src/server/modules/content/integrations/catalogue/local-catalogue.ts';
import {
  sandboxGeolocation,
  serviceGeolocation,
} from '../../../src/server/modules/content/integrations/geolocation/index.ts';
import { testConfig } from '../support/harness.ts';

// The catalogue and the geolocation lookup touch no database.
const app = createApp({ db: {} as Database, config: testConfig() });
const list = (body: unknown, type = 'application/json') =>
  app.request(LIST_PRODUCTS_PATH, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const page = async (body: unknown) => (await (await list(body)).json()) as ListProductsResponse;

it('the local catalogue has at least 40 phones, each with an SVG picture and a shop link', async () => {
  expect(localCatalogue.length).toBeGreaterThanOrEqual(40);
  expect(new Set(localCatalogue.map((p) => p.id)).size).toBe(localCatalogue.length);
  const res = await app.request(localCatalogue[0]!.image_url);
  expect(res.headers.get('content-type')).toContain('image/svg+xml');
  expect(await res.text()).toContain('aria-label="Apple iPhone 15 Pro');
  expect((await app.request('/catalogue/images/no-such-phone.svg')).status).toBe(404);
});

it('ListProducts: the 7 cheapest ascending; pages by startingAfter with has_more, never overlapping', async () => {
  const cheapest = await page({
    site_market_code: 'ie',
    sort: { by: 'price', order: 'asc' },
    pagination: { limit: 7 },
  });
  expect(cheapest.products).toHaveLength(7);
  const prices = cheapest.products.map((p) => p.price_cents);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices[0]).toBe(Math.min(...localCatalogue.map((p) => p.price_cents)));
  expect(cheapest.has_more).toBe(true);
  // Walk the whole list 10 at a time (the camelCase JSON names are read too).
  const seen: string[] = [];
  let after: string | undefined;
  for (let i = 0; i < 10; i++) {
    const next = await page({
      siteMarketCode: 'ie',
      sort: { by: 'popularity' },
      pagination: { limit: 10, ...(after ? { startingAfter: after } : {}) },
    });
    seen.push(...next.products.map((p) => p.id));
    after = next.products.at(-1)?.id;
    if (!next.has_more) break;
  }
  expect(seen).toHaveLength(localCatalogue.length);
  expect(new Set(seen).size).toBe(localCatalogue.length);
});

it('ListProducts: filters by brand, grade and storage; limit at most 100; bad input is a Connect invalid_argument', async () => {
  const apple = await page({
    site_market_code: 'ie',
    filter: { brand: ['Apple'], grade: ['Excellent'] },
    pagination: { limit: 100 },
  });
  expect(apple.products.length).toBeGreaterThan(0);
  expect(apple.products.every((p) => p.brand === 'Apple' && p.grade === 'Excellent')).toBe(true);
  expect(apple.has_more).toBe(false);
  // Spec section 7: category filters, with sort by popularity and pages of up to 100.
  for (const category of ['flagship', 'everyday', 'budget', 'foldable'] as const) {
    const listed = await page({
      site_market_code: 'ie',
      sort: { by: 'popularity', order: 'desc' },
      filter: { category: [category] },
      pagination: { limit: 100 },
    });
    expect(listed.products.length, category).toBe(localCatalogue.filter((p) => p.category === category).length);
    expect(listed.products.length, category).toBeGreaterThan(0);
    expect(listed.products.every((p) => p.category === category)).toBe(true);
    const popularity = listed.products.map((p) => p.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  }
  const two = await page({
    site_market_code: 'ie',
    filter: { category: ['foldable', 'budget'] },
    pagination: { limit: 100 },
  });
  expect(new Set(two.products.map((p) => p.category))).toEqual(new Set(['foldable', 'budget']));
  for (const [body, message] of [
    [
      { site_market_code: 'ie', filter: { category: ['tablets'] } },
      'filter.category must be one of flagship, everyday, budget, foldable',
    ],
    [{ site_market_code: 'ie', pagination: { limit: 101 } }, 'pagination.limit must be at most 100'],
    [{ site_market_code: 'ie', pagination: { limit: 0 } }, 'pagination.limit must be at least 1'],
    [{ site_market_code: 'uk' }, "site_market_code must be 'ie'"],
    [{ site_market_code: 'ie', sort: { by: 'colour' } }, "sort.by must be 'popularity' or 'price'"],
    [
      { site_market_code: 'ie', pagination: { startingAfter: 'no-such-phone' } },
      'pagination.startingAfter is not a product of this list',
    ],
    [{ site_market_code: 'ie', surprise: 1 }, 'the request has an unknown field'],
  ] as const) {
    const res = await list(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_argument', message });
  }
  expect((await list('{not json')).status).toBe(400);
  expect((await list('site_market_code=ie', 'application/x-www-form-urlencoded')).status).toBe(415);
});

it("the partner's service: the request forwarded with the key; a failure is an empty list with has_more false", async () => {
  const seen: { auth?: string; body: string }[] = [];
  let mode: 'ok' | 'down' | 'slow' = 'ok';
  const partner = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization, body });
      if (mode === 'slow') return void setTimeout(() => res.end('{}'), 500);
      if (mode === 'down') return void res.writeHead(503).end('{"code":"unavailable","message":"maintenance"}');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ products: [localCatalogue[0]], hasMore: true }));
    });
  });
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  const withPartner = createApp({
    db: {} as Database,
    config: testConfig(),
    catalogue: partnerCatalogue({ url, apiKey: 'partner-key', timeoutMs: 200 }),
  });
  const ask = async () =>
    (await (
      await withPartner.request(LIST_PRODUCTS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ site_market_code: 'ie' }),
      })
    ).json()) as ListProductsResponse;
  expect(await ask()).toEqual({ products: [localCatalogue[0]], has_more: true });
  expect(seen[0]!.auth).toBe('Bearer partner-key');
  expect(JSON.parse(seen[0]!.body)).toMatchObject({
    site_market_code: 'ie',
    sort: { by: 'popularity', order: 'desc' },
    pagination: { limit: 20 },
  });
  mode = 'down';
  expect(await ask()).toEqual({ products: [], has_more: false });
  mode = 'slow';
  expect(await ask()).toEqual({ products: [], has_more: false });
  partner.close();
});

it('geolocation: the sandbox place, and HTTP_ERROR / HTTP_TIMEOUT as 503 / 504 with their messages; the real client maps them', async () => {
  const geo = sandboxGeolocation('galway');
  const withGeo = createApp({ db: {} as Database, config: testConfig(), geolocation: geo });
  const ok = await withGeo.request('/panda/public/geolocation');
  expect((await ok.json())._payload).toMatchObject({
    city: { names: { en: 'Galway' } },
    postal: { code: 'H91' },
    sandbox: true,
  });
  expect(geo.calls.at(-1)?.referrer).toBe('https://www.48.ie');
  geo.mode = 'HTTP_ERROR';
  const error = await withGeo.request('/panda/public/geolocation');
  expect(error.status).toBe(503);
  expect((await error.json())._payload).toMatchObject({ code: 'HTTP_ERROR', sandbox: true });
  geo.mode = 'HTTP_TIMEOUT';
  expect((await withGeo.request('/panda/public/geolocation')).status).toBe(504);

  let mode: 'ok' | 'error' | 'slow' = 'ok';
  let asked = '';
  const service = createServer((req, res) => {
    asked = req.url ?? '';
    if (mode === 'slow') return void setTimeout(() => res.end('{}'), 400);
    if (mode === 'error') return void res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        country: { iso_code: 'IE', names: { en: 'Ireland' } },
        location: { latitude: 52.66, longitude: -8.63 },
      }),
    );
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  const real = serviceGeolocation({
    url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/geoip`,
    timeoutMs: 150,
  });
  const found = await real.lookup('192.0.2.7', 'https://www.48.ie');
  expect(found.ok && found.value.location).toMatchObject({ latitude: 52.66, longitude: -8.63 });
  expect(asked).toBe('/geoip/192.0.2.7?referrer=https%3A%2F%2Fwww.48.ie');
  // The real service's answer is not marked as a sandbox's.
  mode = 'ok';
  const viaReal = await createApp({ db: {} as Database, config: testConfig(), geolocation: real }).request(
    '/panda/public/geolocation',
  );
  expect((await viaReal.json())._payload.sandbox).toBeUndefined();
  mode = 'error';
  expect(await real.lookup('192.0.2.7', 'x')).toEqual({ ok: false, code: 'HTTP_ERROR' });
  mode = 'slow';
  expect(await real.lookup('192.0.2.7', 'x')).toEqual({ ok: false, code: 'HTTP_TIMEOUT' });
  service.close();
});

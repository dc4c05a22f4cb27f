import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { KB_PER_GB } from '../../src/contract/constants.ts';
import { RECRUIT_REWARD_CENTS } from '../../src/contract/recruit.ts';
import { membershipRoamingKb, roamingGb, ZONE_1 } from '../../src/contract/roaming.ts';
import { chargesFromFiles } from '../../src/server/integrations/content/index.ts';
import { priceListOf } from '../../src/server/modules/money/usage/prices.ts';
import { fillRoaming, typedRoamingFigure } from '../../src/lib/roaming-text.ts';
import { catalogue } from '../../src/server/seed/catalogue.ts';

/**
 * What the pages say is what the product does (docs/product/customer-care.md, "pages that tell the truth"):
 * every sentence of the content and the screens about a feature is read against its rule.
 */
const texts = (dir: string, ext: RegExp): [string, string][] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && ext.test(e.name) && !e.name.includes('.test.'))
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return [path, readFileSync(path, 'utf8')];
    });
const everything = [...texts('content', /\.(md|ya?ml)$/), ...texts('src', /\.(tsx|astro)$/)];
/** The sentences (or list items) of every text that mention `pattern`, with where they are. */
const sentencesAbout = (pattern: RegExp) =>
  everything.flatMap(([path, text]) =>
    text
      .split(/(?<=[.!?])\s+|\n/)
      .filter((s) => pattern.test(s))
      .map((s) => `${path}: ${s.trim()}`),
  );

it('Spot me lends the member’s data to a friend: no page says the member borrows or pays back', () => {
  const about = sentencesAbout(/spot(s|ted)? (me|you)\b|Spot me/i).filter(
    (s) => !/keywords|heading: 'The Safe/.test(s),
  );
  expect(about.length).toBeGreaterThan(4);
  expect(about.filter((s) => /borrow|pay (it )?back|repaid|lend you|spot you/i.test(s))).toEqual([]);
  expect(about.filter((s) => /\blend/i.test(s)).length).toBeGreaterThan(3);
});

it('recruit and reward credits the member who recruits: no page promises the friend the same reward', () => {
  expect(sentencesAbout(/you both|both get|both of you|both receive/i)).toEqual([]);
  const reward = `€${RECRUIT_REWARD_CENTS / 100}`;
  expect(sentencesAbout(/recruit|bring a friend|free SIMs? to/i).some((s) => s.includes(reward))).toBe(true);
});

it('feelsmug promises the goody bag its code gives, not a free coffee', () => {
  const bag = catalogue.find((p) => p.sku === 'BDSMUG1')!;
  const page = readFileSync('content/pages/feelsmug.md', 'utf8');
  expect(page).toContain(`${bag.dataKb! / KB_PER_GB} GB goody bag`);
  expect(page).not.toMatch(/free coffee|coffee'?s on us/i);
});

it('donated data goes to the 48 community pool, named the same everywhere', () => {
  const about = sentencesAbout(/donat/i).filter((s) => /charity|pool|in need/i.test(s));
  expect(about.length).toBeGreaterThan(2);
  expect(about.filter((s) => /charity/i.test(s))).toEqual([]);
  expect(about.filter((s) => /pool/i.test(s) && !/48 community pool/i.test(s))).toEqual([]);
});

it('EU roaming data is computed, never typed: no page says a figure of its own; Zone 1 lists all 30 countries', () => {
  // A figure of GB beside "roaming" typed into content or a screen (the catalogue once gave 12.5 GB
  // when the law gave 14.76): content says {roaming…} and the build puts the law's figure there.
  expect(everything.filter(([, text]) => typedRoamingFigure(text)).map(([path]) => path)).toEqual([]);
  expect(sentencesAbout(/\{roaming/).length).toBeGreaterThan(4);
  const charges = parse(readFileSync('content/charges/roaming.yaml', 'utf8')) as {
    zones: { zone: string; countries: string[] }[];
  };
  const zone1 = charges.zones.find((z) => z.zone.startsWith('Zone 1'));
  expect([...(zone1?.countries ?? [])].sort()).toEqual(Object.values(ZONE_1).sort());
  for (const other of charges.zones.filter((z) => z !== zone1))
    for (const country of other.countries) expect(Object.values(ZONE_1)).not.toContain(country);
  // The tokens fill in: the €9.99 membership's figure of today, and credit's.
  const now = new Date();
  expect(fillRoaming('{roaming:9.99}', now)).toBe(`${roamingGb(membershipRoamingKb(999, now))} GB`);
  expect(fillRoaming('{roaming-credit:20.00}', now)).toMatch(/^\d+\.\d{2} GB$/);
});

it('the charges pages hold every rate the server charges use at, and what they say is what it charges', () => {
  // The server rates from the published tables themselves (docs/product/money.md): each rate it needs
  // is there, keyed, and read as the pages show it.
  const prices = priceListOf(chargesFromFiles());
  expect(prices.home).toEqual({ call: 20, text: 10, dataMb: 5 });
  expect(prices.roaming['3']).toEqual({ callMade: 149, callReceived: 99, text: 39, dataMb: 499 });
  expect(prices.international.D).toEqual({ landline: 89, mobile: 119, text: 25 });
  expect(prices.directory.call).toBe(250);
  // What the pages promise of rounding is what the rating does.
  expect(sentencesAbout(/rounded up to the next whole minute/).length).toBeGreaterThanOrEqual(3);
  expect(sentencesAbout(/per second/i)).toEqual([]);
});

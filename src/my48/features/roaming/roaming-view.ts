import { roamingGb, type RoamingZone } from '../../../contract/roaming.ts';
import type { Roaming } from '../../../contract/roaming.schema.ts';
import { decimal, euro, formatTag, gb } from '../../../lib/format.ts';
import { locale, say, type My48Key } from '../../speech.ts';

/** What the roaming screen says in the page's language, worked out from the API's answer (pure: tested in Node). */
export interface RoamingView {
  where: string;
  allowance: { max: string; used: string; left: string; percentLeft: number; source: string };
  monthName: string;
  countries: {
    country: string;
    name: string;
    zone: string;
    data: string;
    minutes: number;
    texts: number;
    /** The bar's length, percent of the month's largest data use. */
    bar: number;
  }[];
  cap: { label: string; spent: string; stopped: boolean; continued: boolean; network: string | null };
}

/** The screen's dates, in the page's language. */
const dates = () => {
  const tag = formatTag();
  return {
    longDay: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    when: new Intl.DateTimeFormat(tag, {
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Dublin',
    }),
    month: new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
};

/** A country by the API's English name, or the page's language's own. */
const countryIn = (code: string, english: string) =>
  locale() === 'en' ? english : (new Intl.DisplayNames(formatTag(), { type: 'region' }).of(code) ?? english);

const ZONE_KEYS: Record<Exclude<RoamingZone, 'home'>, My48Key> = {
  '1': 'my48.roam.zone.1',
  '2': 'my48.roam.zone.2',
  '3': 'my48.roam.zone.3',
  '4': 'my48.roam.zone.4',
};

export const capLabel = (cents: number | null) =>
  cents === null ? say('my48.roam.capNone') : say('my48.roam.capMonthly', { amount: euro(cents) });

export function roamingView(r: Roaming): RoamingView {
  const a = r.allowance;
  const f = dates();
  const biggest = Math.max(1, ...r.by_country.map((c) => c.data_kb));
  const seen = f.when.format(new Date(r.seen_at ?? 0));
  const where =
    r.country_name && r.zone && r.country
      ? r.zone === 'home'
        ? say('my48.roam.whereHome', { when: seen })
        : say('my48.roam.whereAbroad', {
            country: countryIn(r.country, r.country_name),
            zone: say(ZONE_KEYS[r.zone as Exclude<RoamingZone, 'home'>]),
            when: seen,
          })
      : say('my48.roam.notSeen');
  const fixed = a.fixed_on
    ? say('my48.roam.fixedOn', { day: f.longDay.format(new Date(`${a.fixed_on}T12:00:00Z`)) })
    : '';
  return {
    where,
    allowance: {
      max: decimal(roamingGb(a.max_kb)),
      used: decimal(gb(a.used_kb)),
      left: decimal(roamingGb(a.left_kb)),
      percentLeft: a.max_kb > 0 ? Math.round((a.left_kb / a.max_kb) * 100) : 0,
      source:
        a.from === 'membership'
          ? say('my48.roam.fromMembership', { fixed })
          : a.fixed_on
            ? say('my48.roam.fromCreditFixed', { fixed })
            : say('my48.roam.fromCredit'),
    },
    monthName: f.month.format(new Date(`${r.month}-15T12:00:00Z`)),
    countries: r.by_country.map((c) => ({
      country: c.country,
      name: countryIn(c.country, c.country_name),
      zone: say('my48.roam.zoneN', { zone: c.zone }),
      data: decimal(gb(c.data_kb)),
      minutes: c.minutes,
      texts: c.texts,
      bar: Math.round((c.data_kb / biggest) * 100),
    })),
    cap: {
      label: capLabel(r.cap.cap_cents),
      spent:
        r.cap.cap_cents === null
          ? say('my48.roam.spentNoCap', { spent: euro(r.cap.spent_cents) })
          : say('my48.roam.spentCap', {
              spent: euro(r.cap.spent_cents),
              capVat: euro(r.cap.cap_with_vat_cents ?? 0),
              cap: euro(r.cap.cap_cents),
              continued: r.cap.continued ? say('my48.roam.continued') : '',
            }),
      stopped: r.cap.stopped,
      continued: r.cap.continued,
      // What the network has done (docs/product/network.md): said only once it is done, or being done.
      network:
        r.cap.on_network === 'stopped'
          ? say('my48.roam.networkStopped')
          : r.cap.on_network === 'stopping'
            ? say('my48.roam.networkStopping')
            : null,
    },
  };
}

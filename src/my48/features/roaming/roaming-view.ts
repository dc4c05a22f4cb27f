import { roamingGb, ZONE_NAMES, type RoamingZone } from '../../../contract/roaming.ts';
import type { Roaming } from '../../../contract/roaming.schema.ts';
import { euro, gb } from '../../../lib/format.ts';

/** What the roaming screen says, worked out from the API's answer (pure: tested in Node). */
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

const longDay = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const when = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});
const monthFormat = new Intl.DateTimeFormat('en-IE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const capLabel = (cents: number | null) => (cents === null ? 'No cap' : `${euro(cents)} a month`);

export function roamingView(r: Roaming): RoamingView {
  const a = r.allowance;
  const biggest = Math.max(1, ...r.by_country.map((c) => c.data_kb));
  const where =
    r.country_name && r.zone
      ? r.zone === 'home'
        ? `In Ireland (last seen ${when.format(new Date(r.seen_at ?? 0))})`
        : `${r.country_name}, ${ZONE_NAMES[r.zone as RoamingZone]} (last seen ${when.format(new Date(r.seen_at ?? 0))})`
      : 'We have not seen your SIM abroad yet.';
  const fixed = a.fixed_on ? ` on ${longDay.format(new Date(`${a.fixed_on}T12:00:00Z`))}` : '';
  return {
    where,
    allowance: {
      max: roamingGb(a.max_kb),
      used: gb(a.used_kb),
      left: roamingGb(a.left_kb),
      percentLeft: a.max_kb > 0 ? Math.round((a.left_kb / a.max_kb) * 100) : 0,
      source:
        a.from === 'membership'
          ? `Set by the law for your membership's price when it started${fixed}.`
          : a.fixed_on
            ? `Set by the law from your credit when you began roaming this month${fixed}.`
            : 'Set by the law from your credit; it is fixed when you begin roaming.',
    },
    monthName: monthFormat.format(new Date(`${r.month}-15T12:00:00Z`)),
    countries: r.by_country.map((c) => ({
      country: c.country,
      name: c.country_name,
      zone: c.zone === '1' ? 'Zone 1' : `Zone ${c.zone}`,
      data: gb(c.data_kb),
      minutes: c.minutes,
      texts: c.texts,
      bar: Math.round((c.data_kb / biggest) * 100),
    })),
    cap: {
      label: capLabel(r.cap.cap_cents),
      spent:
        r.cap.cap_cents === null
          ? `${euro(r.cap.spent_cents)} from your credit this month; you chose no cap.`
          : `${euro(r.cap.spent_cents)} from your credit this month, of your ${euro(r.cap.cap_with_vat_cents ?? 0)} cap (${euro(r.cap.cap_cents)} excluding VAT)${r.cap.continued ? '; you chose to keep using data past it' : ''}.`,
      stopped: r.cap.stopped,
      continued: r.cap.continued,
      // What the network has done (docs/product/network.md): said only once it is done, or being done.
      network:
        r.cap.on_network === 'stopped'
          ? 'Data abroad is stopped on the network.'
          : r.cap.on_network === 'stopping'
            ? 'Stopping data abroad on the network…'
            : null,
    },
  };
}

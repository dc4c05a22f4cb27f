/**
 * The coverage checker (docs/product/community-and-offers.md "Coverage checker"; spec sections 3, 7, 8): the
 * coverage data is content (content/coverage.yaml, one entry per Eircode routing key), read by
 * the island from the published JSON; the server's part is the IP geolocation lookup.
 */
export const TECHNOLOGIES = ['2G', '3G', '4G', '5G'] as const;
export type Technology = (typeof TECHNOLOGIES)[number];
export const LEVELS = ['none', 'weak', 'fair', 'good', 'excellent'] as const;
export type Level = (typeof LEVELS)[number];
export interface CoverageArea {
  /** The Eircode routing key: a letter and two digits, or D6W. */
  key: string;
  town: string;
  county: string;
  lat: number;
  lon: number;
  /** Other places in the area, for suggestions. */
  localities: string[];
  coverage: Record<Technology, { outdoor: Level; indoor: Level }>;
}

const ROUTING_KEY = /^([ACDEFHKNPRTVWXY]\d{2}|D6W)$/;
const EIRCODE = /^([ACDEFHKNPRTVWXY]\d{2}|D6W)([0-9ACDEFHKNPRTVWXY]{4})$/;

export const coverageMessages = {
  empty: 'Enter an Eircode (like D02 X285) or the name of a town.',
  notEircode: (text: string) =>
    `${text} is not a valid Eircode. An Eircode has 7 characters: a routing key like D02, then 4 letters and numbers, like D02 X285.`,
  unknownKey: (key: string) =>
    `We don't know the routing key ${key}. Check the first three characters of your Eircode.`,
  noPlace: (text: string) => `We couldn't find "${text}". Try your Eircode or a nearby town.`,
  outsideIreland:
    'Your connection seems to be outside Ireland, so we can’t tell your area. Enter your Eircode or a town instead.',
  HTTP_ERROR: 'We couldn’t find your location just now (HTTP_ERROR). Enter your Eircode or a town instead.',
  HTTP_TIMEOUT: 'Finding your location took too long (HTTP_TIMEOUT). Enter your Eircode or a town instead.',
  /** docs/architecture.md: a sandbox says so where a person could mistake it for the real thing. */
  sandbox: 'Test location: the geolocation sandbox answered, not your real connection.',
} as const;

export type ReadEircode =
  | { kind: 'eircode'; key: string; eircode: string }
  | { kind: 'routingKey'; key: string }
  | { kind: 'place'; text: string }
  /** Nothing typed, or a mistyped Eircode (`text`, as typed in capitals); `message` says it in English. */
  | { kind: 'invalid'; problem: 'empty' | 'notEircode'; text: string; message: string };

/** What a visitor typed: a full Eircode, a routing key alone, a place name, or a malformed Eircode. */
export function readEircode(input: string): ReadEircode {
  const text = input.trim();
  if (!text) return { kind: 'invalid', problem: 'empty', text, message: coverageMessages.empty };
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const eircode = EIRCODE.exec(compact);
  if (eircode) return { kind: 'eircode', key: eircode[1]!, eircode: `${eircode[1]} ${eircode[2]}` };
  if (ROUTING_KEY.test(compact)) return { kind: 'routingKey', key: compact };
  // Something with digits that is not an Eircode is a mistyped one, not a town.
  if (/\d/.test(compact) && compact.length <= 9)
    return {
      kind: 'invalid',
      problem: 'notEircode',
      text: text.toUpperCase(),
      message: coverageMessages.notEircode(text.toUpperCase()),
    };
  return { kind: 'place', text };
}

/** The area nearest a point (equirectangular distance: plenty at Ireland's size). */
export function nearestArea<A extends Pick<CoverageArea, 'lat' | 'lon'>>(
  areas: readonly A[],
  lat: number,
  lon: number,
): A | undefined {
  const k = Math.cos((lat * Math.PI) / 180);
  let best: A | undefined;
  let bestD = Infinity;
  for (const a of areas) {
    const d = ((a.lon - lon) * k) ** 2 + (a.lat - lat) ** 2;
    if (d < bestD) {
      bestD = d;
      best = a;
    }
  }
  return best;
}

/** Is a point on or near the island of Ireland (a box around it)? */
/** The island of Ireland, roughly: coverage areas must lie inside it (content schema), and a location outside it is not ours. */
export const IRELAND_BOUNDS = { lat: [51.3, 55.5], lon: [-10.7, -5.3] } as const;
export const nearIreland = (lat: number, lon: number) =>
  lat > IRELAND_BOUNDS.lat[0] &&
  lat < IRELAND_BOUNDS.lat[1] &&
  lon > IRELAND_BOUNDS.lon[0] &&
  lon < IRELAND_BOUNDS.lon[1];

export interface GeolocationAnswer {
  country: { iso_code: string; names: Record<string, string> } | null;
  city: { names: Record<string, string> } | null;
  location: { latitude: number; longitude: number; accuracy_radius?: number | undefined };
  postal: { code: string | null } | null;
  subdivisions: { iso_code: string; names: Record<string, string> }[];
  traits: { ip_address: string };
  /** True when the local sandbox answered (no GEOIP_URL): the page says so. */
  sandbox?: boolean | undefined;
}

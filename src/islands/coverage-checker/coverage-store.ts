import { atom, map } from 'nanostores';
import { coverageMessages, readEircode, type CoverageArea } from '../../contract/coverage.ts';
import { said } from './coverage-words.ts';

/** The coverage data as published (content/coverage.yaml → /api/cms/coverage/areas.json). */
export const $areas = atom<{ list?: CoverageArea[]; error?: string }>({});
export const $check = map<{
  area?: CoverageArea | undefined;
  eircode?: string | undefined;
  error?: string | undefined;
  locating?: boolean;
  note?: string | undefined;
  sandbox?: string | undefined;
}>({});

let loading: Promise<CoverageArea[] | undefined> | undefined;

/** The published areas, fetched once (the form is there before they are: a check waits for them). */
export function loadAreas(): Promise<CoverageArea[] | undefined> {
  loading ??= (async () => {
    try {
      const res = await fetch('/api/cms/coverage/areas.json');
      if (!res.ok) throw new Error(String(res.status));
      const list = (await res.json()) as CoverageArea[];
      $areas.set({ list });
      return list;
    } catch {
      loading = undefined; // the next check tries again
      $areas.set({
        error: said('coverage.loadFailed', 'The coverage data could not be loaded. Please reload the page.'),
      });
      return undefined;
    }
  })();
  return loading;
}

/** The suggestions: each post town and each place in an area, with its routing key. */
export const suggestionOf = (area: CoverageArea, place = area.town) => `${place} (${area.key}, Co. ${area.county})`;
export const suggestions = (areas: CoverageArea[]) =>
  areas.flatMap((a) => [suggestionOf(a), ...a.localities.map((l) => suggestionOf(a, l))]);

/** Finds the area for what the visitor typed: an Eircode, a routing key, a suggestion or a place name. */
export function find(
  areas: CoverageArea[],
  input: string,
): { area: CoverageArea; eircode?: string } | { error: string } {
  const read = readEircode(input);
  if (read.kind === 'invalid')
    return {
      error:
        read.problem === 'empty'
          ? said('coverage.empty', read.message)
          : said('coverage.notEircode', read.message, { text: read.text }),
    };
  if (read.kind === 'eircode' || read.kind === 'routingKey') {
    const area = areas.find((a) => a.key === read.key);
    if (!area) return { error: said('coverage.unknownKey', coverageMessages.unknownKey(read.key), { key: read.key }) };
    return read.kind === 'eircode' ? { area, eircode: read.eircode } : { area };
  }
  const text = read.text.toLowerCase();
  const picked = /\(([A-Z]\d{2}|D6W),/.exec(read.text)?.[1];
  if (picked) {
    const area = areas.find((a) => a.key === picked);
    if (area) return { area };
  }
  const exact = areas.find((a) => a.town.toLowerCase() === text || a.localities.some((l) => l.toLowerCase() === text));
  const partial =
    exact ??
    areas.find(
      (a) => a.town.toLowerCase().startsWith(text) || a.localities.some((l) => l.toLowerCase().startsWith(text)),
    );
  return partial
    ? { area: partial }
    : { error: said('coverage.noPlace', coverageMessages.noPlace(read.text), { text: read.text }) };
}

export async function check(input: string): Promise<void> {
  const areas = $areas.get().list ?? (await loadAreas());
  if (!areas) return;
  const found = find(areas, input);
  $check.set('error' in found ? { error: found.error } : { area: found.area, eircode: found.eircode });
}

/**
 * "Use my location": the server's geolocation lookup, then the nearest area. Its code (the HTTP
 * client and the session's cookies) loads when the button is pressed, not with the page.
 */
export async function locateMe(): Promise<void> {
  $check.set({ locating: true });
  const areas = $areas.get().list ?? (await loadAreas());
  if (!areas) return $check.set({});
  let located;
  try {
    located = await import('./coverage-locate.ts');
  } catch {
    return $check.set({ error: said('error.HTTP_ERROR', coverageMessages.HTTP_ERROR) }); // the code itself did not arrive
  }
  $check.set(await located.locate(areas));
}

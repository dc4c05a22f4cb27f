import type { CollectionEntry } from 'astro:content';
import { DEFAULT_LOCALE, LANGUAGE_TAG, type Locale } from '../contract/i18n/locales.ts';
import { countryIn } from '../contract/i18n/countries.ts';

/*
 * A charges table in the page's language (docs/product/languages.md): its words from the language's
 * `charges` translation, its rates always the English entry's, so a translation cannot change a
 * price. A table is translated whole or not at all: one whose translation lacks a column, a row or
 * a note is the English table, said so, rather than half of each.
 */

type Table = CollectionEntry<'charges'>;
export type Item = CollectionEntry<'translations'>['data']['items'][number];

/** A country or other row member as shown: `lang` where it stays in English on a page in another language. */
export interface Named {
  name: string;
  lang?: string | undefined;
}

export interface ShownTable {
  id: string;
  data: Omit<Table['data'], 'zones'> & {
    zones: (Omit<Table['data']['zones'][number], 'countries'> & { countries: Named[] })[];
  };
  /** The table is in English on a page in another language. */
  fallback: boolean;
}

/** The translation of `table` when it says every word the table has, else undefined. */
export function wholeTranslation(table: Table, words: Item[]): Item | undefined {
  const item = words.find((w) => w.id === table.id);
  if (!item?.title || !item.heading || !item.description || !item.intro) return undefined;
  const { columns, zones, notes } = table.data;
  const hasColumns = columns.every((c) => item.columns?.some((t) => t.key === c.key));
  const hasZones = zones.every((z) => {
    const own = z.key === undefined ? undefined : item.zones?.find((t) => t.key === z.key);
    return own && (own.countries === undefined || own.countries.length === z.countries.length);
  });
  return hasColumns && hasZones && (item.notes ?? []).length === notes.length ? item : undefined;
}

/** `table` as a page in `locale` shows it. */
export function chargesIn(locale: Locale, table: Table, words: Item[]): ShownTable {
  const english = LANGUAGE_TAG.en;
  const item = wholeTranslation(table, words);
  const { data } = table;
  if (!item)
    return {
      id: table.id,
      data: { ...data, zones: data.zones.map((z) => ({ ...z, countries: z.countries.map((name) => ({ name })) })) },
      fallback: locale !== DEFAULT_LOCALE,
    };
  return {
    id: table.id,
    fallback: false,
    data: {
      ...data,
      title: item.title ?? data.title,
      heading: item.heading ?? data.heading,
      description: item.description ?? data.description,
      intro: item.intro ?? data.intro,
      notes: item.notes ?? data.notes,
      columns: data.columns.map((c) => {
        const own = item.columns?.find((t) => t.key === c.key);
        return { ...c, label: own?.label ?? c.label, unit: own?.unit ?? c.unit };
      }),
      zones: data.zones.map((z) => {
        const own = item.zones?.find((t) => t.key === z.key);
        // A row's members: the translation's where it gives them, else each country by its own name here.
        const countries = z.countries.map((name, i): Named => {
          const said = own?.countries?.[i] ?? countryIn(locale, name);
          return said ? { name: said } : { name, lang: english };
        });
        return { ...z, zone: own?.zone ?? z.zone, countries };
      }),
    },
  };
}

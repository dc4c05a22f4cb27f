import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import { sources, type Source } from '../contract/content-sources.ts';

/** A Sanity document for `sanity dataset import`: its id, type, the entry id and the entry's fields. */
export interface ExportedDocument {
  _id: string;
  _type: string;
  entryId: string;
  body?: string;
  [field: string]: unknown;
}

/** Astro's id for a file of a glob collection: its path without the extension, each segment a slug. */
export function entryIdOf(path: string): string {
  return path
    .replace(/\.[^./]+$/, '')
    .split('/')
    .map((segment) => segment.toLowerCase().replace(/[^a-z0-9_-]+/g, '-'))
    .join('/');
}

/** Sanity ids allow letters, digits, `_`, `-` and `.`; a path's slashes become dots. */
const documentId = (type: string, entryId: string) => `${type}.${entryId.replace(/\//g, '.')}`;

function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: (parse(match[1]!) ?? {}) as Record<string, unknown>, body: match[2]! };
}

function filesOf(root: string, dir: string, pattern: string): string[] {
  const base = join(root, dir);
  const ext = pattern.slice(pattern.lastIndexOf('.'));
  const deep = pattern.startsWith('**/');
  return readdirSync(base, { recursive: deep, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => relative(base, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** Every entry of one collection as Sanity documents. */
export function exportSource(root: string, source: Source): ExportedDocument[] {
  if (source.kind === 'yaml') {
    const items = parse(readFileSync(join(root, source.file), 'utf8')) as Record<string, unknown>[];
    return items.map(({ id, ...fields }) => ({
      _id: documentId(source.type, String(id)),
      _type: source.type,
      entryId: String(id),
      ...fields,
    }));
  }
  return filesOf(root, source.dir, source.pattern).map((path) => {
    const text = readFileSync(join(root, source.dir, path), 'utf8');
    const entryId = entryIdOf(path);
    if (source.kind === 'files')
      return {
        _id: documentId(source.type, entryId),
        _type: source.type,
        entryId,
        ...(parse(text) as Record<string, unknown>),
      };
    const { data, body } = splitFrontMatter(text);
    // A `slug` in the front matter is the entry's id, as Astro's loader takes it (a home page in
    // another language, ga/index, which the loader would otherwise shorten to ga).
    const { slug, ...fields } = data;
    const id = typeof slug === 'string' ? slug : entryId;
    return { _id: documentId(source.type, id), _type: source.type, entryId: id, ...fields, body };
  });
}

/** The whole of content/ as NDJSON (one document a line), in the order of cms/sources.ts. */
export function exportContent(root: string): string {
  return sources.flatMap((source) => exportSource(root, source).map((d) => JSON.stringify(d))).join('\n') + '\n';
}

/**
 * Where a page of a list that only grows (transactions, alerts) ended: the time and id of its last
 * row, newest first. The next page is read from there through an index, so page 50 costs what page
 * 1 does (counting rows to skip grows with the history). Opaque to clients: they pass back what
 * `next` said.
 */
export interface PageCursor {
  at: Date;
  id: number;
}

export const PAGE_CURSOR_PATTERN = /^[0-9]{1,15}\.[0-9]{1,12}$/;

export const encodeCursor = (c: PageCursor): string => `${c.at.getTime()}.${c.id}`;

/** A cursor `next` gave, or undefined for anything else. */
export function decodeCursor(text: string | undefined): PageCursor | undefined {
  if (text === undefined || !PAGE_CURSOR_PATTERN.test(text)) return undefined;
  const [ms, id] = text.split('.').map(Number) as [number, number];
  const at = new Date(ms);
  return Number.isNaN(at.getTime()) ? undefined : { at, id };
}

/** The `next` of a page: where it ended when it was full (there may be more), else null. */
export const nextCursor = (rows: readonly PageCursor[], limit: number): string | null => {
  const last = rows.at(-1);
  return rows.length === limit && last ? encodeCursor(last) : null;
};

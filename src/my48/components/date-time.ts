import { formatTag } from '../../lib/format-tag.ts';

const OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
};

/**
 * A moment as a member reads it on an alert or a receipt: "27 November 2026, 14:05", in Irish time,
 * in the page's language ("27 listopada 2026 14:05").
 */
export const dateTime = {
  format: (date: Date): string => new Intl.DateTimeFormat(formatTag(), OPTIONS).format(date),
};

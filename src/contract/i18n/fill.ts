import type { MessageKey } from './messages.ts';

/** An island's words: its keys, formatted at build in the page's language (words.ts). */
export type Words<K extends MessageKey = MessageKey> = Readonly<Record<K, string>>;

/**
 * A message's open `{name}` slots filled with what the browser knows (a field's label, an
 * address); a slot with no value stays as it is, so a missing value shows rather than vanishes.
 */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);

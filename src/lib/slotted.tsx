import { Fragment, type ReactNode } from 'react';

/**
 * A message whose open `{name}` slots hold markup (a link, an emphasised address): the text
 * around them as the language orders it, each slot its part (fill.ts fills slots with text).
 */
export function slotted(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return template
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece));
}

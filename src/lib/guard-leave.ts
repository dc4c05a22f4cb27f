import type { GuardDecision } from './guards.ts';
import { rememberLastUrl } from './last-url.ts';
import { withKeptParams } from './redirect-params.ts';

/** Sends away a visitor a page's guard refused: where they were going is remembered, the kept parameters go along. */
export function leave(decision: Extract<GuardDecision, { allow: false }>): void {
  if (decision.remember) rememberLastUrl(decision.remember);
  location.replace(withKeptParams(decision.redirect, location.search));
}

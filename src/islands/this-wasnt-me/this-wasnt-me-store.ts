import { atom } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import type { lineChangesApi } from '../../contract/line-changes.schema.ts';
import { lineChangesRoutes } from '../../contract/line-changes.calls.ts';
import { call, refusalIn } from '../../lib/http.ts';
import { $wasntMeWords } from './this-wasnt-me-words.ts';
import { setLoading } from '../../stores/layout.ts';

type Change = Answer<typeof lineChangesApi.change>['_payload'];
type Report = Answer<typeof lineChangesApi.report>['_payload'];

/** The page of a "this wasn't me" link: reading the link, the change it is about, the report made. */
export type WasntMeState =
  | { status: 'reading' }
  | { status: 'gone'; message: string }
  | { status: 'shown' | 'busy'; change: Change; token: string; error?: string }
  | { status: 'reported'; report: Report };

export const $wasntMe = atom<WasntMeState>({ status: 'reading' });

export const INCOMPLETE_LINK = 'This link is not complete: open it from the e-mail again, or log in to my48.';

/** The token is in the address's fragment (`#token=…`): never sent to a server, so no log keeps it. */
export const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token');

/** Reads what the link is about; reading changes nothing (the server answers 410 for a used or old link). */
export async function readLink(hash: string): Promise<void> {
  const words: Readonly<Record<string, string>> = $wasntMeWords.get() ?? {};
  const incomplete = words['wasntMe.incomplete'] ?? INCOMPLETE_LINK;
  const token = tokenOf(hash);
  if (!token) return $wasntMe.set({ status: 'gone', message: incomplete });
  try {
    const { _payload } = await call(lineChangesRoutes.change, { body: { token } });
    $wasntMe.set({ status: 'shown', change: _payload, token });
  } catch (error) {
    // A used or old link in the page's words by its code, else as the server said it.
    $wasntMe.set({ status: 'gone', message: refusalIn(words, error, incomplete) });
  }
}

/** "This wasn't me": once; a failure keeps the change on screen with why, to try again. */
export async function reportChange(): Promise<void> {
  const state = $wasntMe.get();
  if (state.status !== 'shown') return;
  $wasntMe.set({ status: 'busy', change: state.change, token: state.token });
  setLoading(true);
  try {
    const { _payload } = await call(lineChangesRoutes.report, { body: { token: state.token } });
    $wasntMe.set({ status: 'reported', report: _payload });
  } catch (error) {
    const refusal = refusalIn($wasntMeWords.get() ?? {}, error);
    $wasntMe.set({ status: 'shown', change: state.change, token: state.token, error: refusal });
  } finally {
    setLoading(false);
  }
}

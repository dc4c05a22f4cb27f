import { map } from 'nanostores';
import { ADVANCE_CENTS, ADVANCE_OWED_CENTS, advanceRoutes, type AdvanceState } from '../../contract/advance.calls.ts';
import { euro } from '../../lib/format.ts';
import { say } from '../speech.ts';
import { call, errorMessage, newIdempotencyKey } from '../../lib/http.ts';
import { currentUserId, memberParams } from '../../lib/member-session.ts';
import { loader } from '../../stores/loader.ts';
import { loadAccount } from './account.ts';

/**
 * The top-up advance (docs/product/lifelines.md), offered on the dashboard and on add credit: whether the SIM
 * may take one (and why not), what is owed, and taking it after the member confirms the fee.
 */
export const advance = loader<AdvanceState, string>(
  async (ssn) => (await call(advanceRoutes.state, { params: { ...memberParams(), ssn } }))._payload,
  () => say('my48.advance.loadFailed'),
);

export const $advanceTake = map<{ confirming: boolean; busy: boolean; notice?: string; error?: string }>({
  confirming: false,
  busy: false,
});

export const confirmAdvance = (open: boolean) => $advanceTake.set({ confirming: open, busy: false });

/**
 * Takes it (an Idempotency-Key per confirmed click; the busy state keeps it to one). The notice
 * waits for the new credit and what is owed: "€5.00 is yours now" beside the old credit would read
 * as a fault.
 */
export async function takeAdvance(ssn: string): Promise<void> {
  if ($advanceTake.get().busy) return;
  $advanceTake.set({ confirming: true, busy: true });
  try {
    await call(advanceRoutes.take, {
      params: { ...memberParams(), ssn },
      idempotencyKey: newIdempotencyKey(),
    });
    const userId = currentUserId();
    await Promise.all([advance.load(ssn), userId && loadAccount(userId, { force: true, quiet: true })]);
    // In the page's language; in English the contract's words, as the server says them (speech.test.ts).
    const notice = say('my48.advance.taken', { amount: euro(ADVANCE_CENTS), owed: euro(ADVANCE_OWED_CENTS) });
    $advanceTake.set({ confirming: false, busy: false, notice });
  } catch (error) {
    $advanceTake.set({ confirming: false, busy: false, error: errorMessage(error) });
    await advance.load(ssn);
  }
}

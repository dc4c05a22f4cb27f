import { roamingApi, type Roaming } from '../../../contract/roaming.schema.ts';
import type { RoamingCap } from '../../../contract/roaming.ts';
import { call } from '../../../lib/http.ts';
import { actionStore } from '../../../stores/action.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { loader } from '../../../stores/loader.ts';

const params = (ssn: string) => ({ user_id: currentUserId() ?? '', ssn });

/** my48 → Roaming for one SIM (the key): where it is, the EU allowance, this month by country, the cap, the notices. */
export const roaming = loader<Roaming, string>(
  async (ssn) => (await call(roamingApi.get, { params: params(ssn) }))._payload,
  'Your roaming could not be loaded. Please try again.',
);
export const loadRoaming = (ssn: string) => roaming.load(ssn);

/** The cap and "go on" beside the read: busy, what was done, or why not. */
export const roamingAction = actionStore<'cap' | 'continue'>();
export const $roamingAction = roamingAction.$state;

const act = (kind: 'cap' | 'continue', run: () => Promise<Roaming>, done: string, failed: string) =>
  roamingAction.run(
    kind,
    async () => {
      roaming.$state.setKey('data', await run());
      return done;
    },
    failed,
  );

export const chooseCap = (ssn: string, capCents: RoamingCap) =>
  act(
    'cap',
    async () => (await call(roamingApi.setCap, { params: params(ssn), body: { cap_cents: capCents } }))._payload,
    capCents === null ? 'Saved: no cap on data abroad.' : 'Saved: your new cap on data abroad.',
    'Your cap could not be saved. Please try again.',
  );

export const keepUsingData = (ssn: string) =>
  act(
    'continue',
    async () => (await call(roamingApi.goOn, { params: params(ssn) }))._payload,
    'Data abroad goes on for the rest of this month.',
    'That did not work. Please try again.',
  );

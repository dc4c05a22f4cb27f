import { roamingApi, type Roaming } from '../../../contract/roaming.schema.ts';
import type { RoamingCap } from '../../../contract/roaming.ts';
import { call } from '../../../lib/http.ts';
import { actionStore } from '../../../stores/action.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { loader } from '../../../stores/loader.ts';
import { say } from '../../speech.ts';

const params = (ssn: string) => ({ user_id: currentUserId() ?? '', ssn });

/** my48 → Roaming for one SIM (the key): where it is, the EU allowance, this month by country, the cap, the notices. */
export const roaming = loader<Roaming, string>(
  async (ssn) => (await call(roamingApi.get, { params: params(ssn) }))._payload,
  () => say('my48.roam.loadFailed'),
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
    say(capCents === null ? 'my48.roam.savedNoCap' : 'my48.roam.savedCap'),
    say('my48.roam.capFailed'),
  );

export const keepUsingData = (ssn: string) =>
  act(
    'continue',
    async () => (await call(roamingApi.goOn, { params: params(ssn) }))._payload,
    say('my48.roam.goesOn'),
    say('my48.roam.failed'),
  );

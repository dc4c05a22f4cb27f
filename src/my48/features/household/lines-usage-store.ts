import { atom } from 'nanostores';
import { householdApi } from '../../../contract/household.schema.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { loader } from '../../../stores/loader.ts';
import { say } from '../../speech.ts';

/** Each line's data by day (docs/product/lifelines.md): what the household screen's chart draws. */
export const linesUsage = loader(
  async () => (await call(householdApi.usage, { params: memberParams() }))._payload,
  () => say('my48.hh.use.loadFailed'),
);

/** The bar chosen in a line's chart: the line and the day. */
export const $chosen = atom<{ ssn: string; day: string } | undefined>(undefined);

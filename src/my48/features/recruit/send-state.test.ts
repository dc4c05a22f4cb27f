import { describe, expect, it } from 'vitest';
import { recruitFailures } from '../../../contract/recruit.schema.ts';
import { sendStateOf } from './send-state.ts';

describe('send free SIM states (spec section 4), by the refusal code', () => {
  it("the code of 'Too many mgm sims today!' is the max-limit state", () => {
    expect(recruitFailures.tooMany.message).toContain('Too many mgm sims today!');
    expect(sendStateOf(recruitFailures.tooMany.code)).toBe('maxLimit');
  });
  it("the code of 'MGM is limited to users with an active SIM' is the no-active-SIM state", () => {
    expect(recruitFailures.noActiveSim.message).toBe('MGM is limited to users with an active SIM');
    expect(sendStateOf(recruitFailures.noActiveSim.code)).toBe('noActiveSim');
  });
  it('anything else stays on the form, whatever its message says', () => {
    expect(sendStateOf(undefined)).toBe('form');
    expect(sendStateOf('request.invalid')).toBe('form');
    expect(sendStateOf('Too many mgm sims today!')).toBe('form');
  });
});

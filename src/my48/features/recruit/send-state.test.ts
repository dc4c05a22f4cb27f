import { describe, expect, it } from 'vitest';
import { sendStateOf } from './send-state.ts';

describe('send free SIM states (spec section 4)', () => {
  it("a message containing 'Too many mgm sims today!' is the max-limit state", () => {
    expect(sendStateOf('Too many mgm sims today!')).toBe('maxLimit');
    expect(sendStateOf('Error: Too many mgm sims today! (3)')).toBe('maxLimit');
  });
  it("exactly 'MGM is limited to users with an active SIM' is the no-active-SIM state", () => {
    expect(sendStateOf('MGM is limited to users with an active SIM')).toBe('noActiveSim');
    expect(sendStateOf('MGM is limited to users with an active SIM.')).toBe('form');
  });
  it('anything else stays on the form', () => {
    expect(sendStateOf(undefined)).toBe('form');
    expect(sendStateOf('s_county: County is required')).toBe('form');
  });
});

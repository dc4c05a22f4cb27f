import { describe, expect, it } from 'vitest';
import { KB_PER_GB, MINUTES_PER_GB, ONBOARD_BUNDLE_KB } from './constants.ts';

/** The units everything else converts with (written once): pinned to the spec's figures here. */
describe('units', () => {
  it('1 GB is 1,048,576 KB (spec section 9)', () => expect(KB_PER_GB).toBe(1_048_576));
  it('a swapped GB buys 100 landline minutes (docs/product/flexible-data.md, Swap)', () =>
    expect(MINUTES_PER_GB).toBe(100));
  it('the onboarding bundle is 1 GB', () => expect(ONBOARD_BUNDLE_KB).toBe(KB_PER_GB));
});

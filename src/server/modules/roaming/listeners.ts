import { memberErased } from '../identity/index.ts';
import { countUsageAbroad } from '../network/index.ts';
import { forgetRoamingOf } from './erase.ts';
import { usedAbroad } from './use-abroad.ts';

/**
 * What roaming does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts), and what it counts of the network's use. Imported once, by roaming's face.
 */

// Roaming counts the use abroad.
countUsageAbroad(usedAbroad);

// An account deleted: where its SIMs were abroad goes (docs/product/roaming.md).
memberErased.on((tx, { ssns }) => forgetRoamingOf(tx, ssns));

import { memberErased } from '../identity/index.ts';
import { forgetRoamingOf } from './erase.ts';

/**
 * What roaming does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts). Imported once, by roaming's face. (Use abroad is counted for the
 * network by use-abroad.ts, also imported by the face.)
 */

// An account deleted: where its SIMs were abroad goes (docs/product/roaming.md).
memberErased.on((tx, { ssns }) => forgetRoamingOf(tx, ssns));

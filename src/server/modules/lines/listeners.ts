import { memberErased } from '../identity/index.ts';
import { applyNumberLeaving, applyNumberLeft } from '../network/index.ts';
import { forgetLinesOf } from './erase.ts';
import { numberAskedFor, numberLeftUs } from './port-out.ts';

/**
 * What lines does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts), and what it tells the network to do with a number's news. Imported
 * once, by lines' face.
 */

// A number left for another network: the SIM no longer has it, the member is told.
applyNumberLeft(numberLeftUs);

// Another network asked for a member's number: the member is warned; the port goes on.
applyNumberLeaving(numberAskedFor);

// An account deleted: its numbers go back to the network, its orders and port-ins forget the person.
memberErased.on((tx, erased) => forgetLinesOf(tx, erased));

import { memberErased } from '../identity/index.ts';
import { forgetLinesOf } from './erase.ts';

/**
 * What lines does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts). Imported once, by lines' face. (What the network says of a number
 * leaving is followed by port-out.ts, also imported by the face.)
 */

// An account deleted: its numbers go back to the network, its orders and port-ins forget the person.
memberErased.on((tx, erased) => forgetLinesOf(tx, erased));

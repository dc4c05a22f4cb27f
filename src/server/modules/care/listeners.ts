import { memberErased } from '../identity/index.ts';
import { networkAskedForInformation } from '../network/index.ts';
import { forgetCareOf } from './erase.ts';
import { ticketForNetworkQuestion } from './tickets/network-questions.ts';

/**
 * What care does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts). Imported once, by care's face.
 */

// The network needs information to go on with an order: a ticket for the operator.
networkAskedForInformation.on(ticketForNetworkQuestion);

// An account deleted: its chats go, its tickets are kept pseudonymised.
memberErased.on((tx, erased) => forgetCareOf(tx, erased));

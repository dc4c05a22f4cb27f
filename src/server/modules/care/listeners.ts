import { memberErased } from '../identity/index.ts';
import { forgetCareOf } from './erase.ts';

/**
 * What care does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts). Imported once, by care's face. (The network's questions are
 * followed by tickets/network-questions.ts, also imported by the face.)
 */

// An account deleted: its chats go, its tickets are kept pseudonymised.
memberErased.on((tx, erased) => forgetCareOf(tx, erased));

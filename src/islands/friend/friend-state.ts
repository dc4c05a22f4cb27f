import { map } from 'nanostores';

/* The friend page's state. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

/** Who sent the visitor: the recruit link's affiliate id and the recruiter's nickname (none for an unknown link). */
export const $friend = map<{
  status: 'loading' | 'known' | 'unknown';
  affiliateId?: string | undefined;
  nickname?: string | undefined;
}>({ status: 'loading' });

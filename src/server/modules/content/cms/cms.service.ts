import { timingSafeEqual, createHash } from 'node:crypto';
import type { Publishing, PublishStatus } from '../../../publishing.ts';
import { done, refused, type Outcome } from '../../../kernel/outcome.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Equal in constant time (both sides hashed first, so lengths never leak either). */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

type Queued = { building: boolean; queued: boolean };

/** A publish from Sanity, its signature already checked (cms.routes.ts): a build is queued. */
export function publish(publishing: Publishing, rawBody: string): Queued {
  let what = 'publish';
  try {
    const body = JSON.parse(rawBody) as { _type?: unknown; _id?: unknown };
    if (typeof body._type === 'string')
      what = `publish of ${body._type}${typeof body._id === 'string' ? ` ${body._id}` : ''}`;
  } catch {
    /* a projection that is not JSON still triggers the build */
  }
  publishing.rebuilder.request(what.slice(0, 200));
  const { building, queued } = publishing.rebuilder.status();
  return { building, queued };
}

/** An editor's own call (rebuild by hand, the status): the editor token, as a bearer token. */
export function editorAllowed(
  publishing: Publishing | undefined,
  authorization: string | undefined,
): Outcome<Publishing, 'notConfigured' | 'badToken'> {
  if (!publishing?.editorToken) return refused('notConfigured');
  const sent = /^(?:Bearer|Basic) (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  // Basic (the status page in a browser): any user name, the token as the password.
  const token = authorization?.startsWith('Basic ')
    ? (Buffer.from(sent, 'base64').toString('utf8').split(':').slice(1).join(':') ?? '')
    : sent;
  return token && same(token, publishing.editorToken) ? done(publishing) : refused('badToken');
}

export function rebuildByHand(publishing: Publishing): Queued {
  publishing.rebuilder.request('rebuild by hand');
  const { building, queued } = publishing.rebuilder.status();
  return { building, queued };
}

export const statusOf = (publishing: Publishing): PublishStatus => publishing.rebuilder.status();

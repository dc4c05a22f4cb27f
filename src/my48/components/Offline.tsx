import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $offlineAsOf } from '../../stores/offline.ts';
import { asOfText } from '../offline.ts';
import { formatTag } from '../../lib/format-tag.ts';
import { say } from '../speech.ts';

/** The id of the banner's sentence that says why actions are off: each disabled action points to it. */
export const OFFLINE_REASON_ID = 'offline-reason';

/** "You're offline" with the time of the figures shown (docs/product/phone.md), while the app shows the worker's copies. */
export function OfflineBanner() {
  const asOf = useStore($offlineAsOf);
  if (!asOf) return null;
  return (
    <div className="alert alert--info offline-banner" role="status">
      <p>
        <strong>{say('my48.offline.title')}</strong>{' '}
        {say('my48.offline.asOf', { time: asOfText(asOf, formatTag(), say('my48.offline.lastVisit')) })}
      </p>
      <p id={OFFLINE_REASON_ID}>{say('my48.offline.actions')}</p>
    </div>
  );
}

/**
 * A link to an action that needs the network: offline, it is shown disabled (no link to follow)
 * and says why, by the banner's sentence.
 */
export function OnlineAction({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const asOf = useStore($offlineAsOf);
  if (!asOf)
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  return (
    <span
      className={`${className ?? ''} is-disabled`.trim()}
      role="link"
      aria-disabled="true"
      aria-describedby={OFFLINE_REASON_ID}
    >
      {children}
    </span>
  );
}

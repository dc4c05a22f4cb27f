import { memberErased, sessionsEnded } from '../identity/index.ts';
import { forgetAlertsOf } from './alerts.ts';
import { endDevicesOf } from './push.ts';

/**
 * What alerts does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts). Imported once, by alerts' face.
 */

// Sessions ended: the devices they subscribed get no more pushes.
sessionsEnded.on((tx, { sessionIds }) => endDevicesOf(tx, sessionIds));

// An account deleted: its notifications, alerts, switches and devices go.
memberErased.on((tx, { member }) => forgetAlertsOf(tx, member.id));

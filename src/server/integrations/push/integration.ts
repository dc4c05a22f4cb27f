import { integration, type Integration } from '../integration.ts';
import { webPushSender, type PushSender } from './index.ts';

/** Web Push (phone.md): the real protocol always (the browsers' push services are the outside service). */
export const push: Integration<PushSender> = integration<PushSender>({
  create: ({ config }) => webPushSender(config.push?.vapid),
});

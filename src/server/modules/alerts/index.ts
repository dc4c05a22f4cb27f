/**
 * The alerts module's face: all that other modules, the app and the jobs may use of it.
 *
 * Alerts and pushes (docs/product/member-controls.md, docs/product/phone.md): raised once per
 * cause, each switchable, pushed to the member's devices.
 */
import './listeners.ts';
export { alertsRoutes } from './alerts.routes.ts';
export { notify, raiseAlert } from './alerts.ts';
export { noticeIn, revivedNotice, sayIn, type Notice, type NoticeValue } from './notices.ts';
export { pushToMember, sendAlertPushes } from './push.ts';
export { pushRoutes } from './push/push.routes.ts';

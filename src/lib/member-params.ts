import { memberParams as read } from './member-session.ts';

/** memberParams of lib/member-session.ts, as the one export of the module lib/member-params-later.ts loads. */
export const memberParams = (): { user_id: string } => read();

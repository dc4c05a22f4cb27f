import { memberParams as read } from './member-id.ts';

/** memberParams of lib/member-id.ts, as the one export of the module lib/member-params-later.ts loads. */
export const memberParams = (): { user_id: string } => read();

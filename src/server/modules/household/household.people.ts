import type { Queryable } from '../../db/client.ts';
import { notify as notifyMember } from '../alerts/index.ts';

/** A member's name as the household's screens and history say it. */
export const nameOf = (m: { firstname: string; lastname: string }) => `${m.firstname} ${m.lastname}`.trim();

/** Tells a member what the other side of their household did (an in-app notification, in the change's transaction). */
export const notify = (tx: Queryable, memberId: number, now: Date, notice: { title: string; body: string }) =>
  notifyMember(tx, memberId, now, notice);

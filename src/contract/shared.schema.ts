import { z } from './zod.ts';
import { decodeCursor, PAGE_CURSOR_PATTERN } from './page-cursor.ts';

/** Schemas every feature's contract shares. */
export const MessageAnswer = z.object({ _payload: z.object({ message: z.string() }) });
export const payload = <T extends z.ZodType>(schema: T) => z.object({ _payload: schema });

const digits = (what: string, pattern: RegExp) => z.string().regex(pattern, { error: `must be ${what}` });
export const UserParams = z.object({ user_id: digits('a number', /^[0-9]{1,10}$/).meta({ example: '1' }) });
export const SimParams = UserParams.extend({
  ssn: digits('10 to 22 digits', /^[0-9]{10,22}$/).meta({ example: '8935301000000000001' }),
});

/** A list's `before`: the `next` of the page before it (page-cursor.ts). */
export const PageCursor = z
  .string()
  .regex(PAGE_CURSOR_PATTERN, { error: 'before must be the next cursor of an earlier page' })
  .refine((text) => decodeCursor(text) !== undefined, { error: 'before must be the next cursor of an earlier page' })
  .meta({ example: '1764237600000.4211' });

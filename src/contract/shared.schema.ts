import { z } from './zod.ts';
import { decodeCursor, PAGE_CURSOR_PATTERN } from './page-cursor.ts';
import type { EndpointDef, ParamNames, Shared } from './endpoint.ts';

/** Schemas every feature's contract shares. */
export const MessageAnswer = z.object({ _payload: z.object({ message: z.string() }) });
export const payload = <T extends z.ZodType>(schema: T) => z.object({ _payload: schema });

const digits = (what: string, pattern: RegExp) => z.string().regex(pattern, { error: `must be ${what}` });
export const UserParams = z.object({ user_id: digits('a number', /^[0-9]{1,10}$/).meta({ example: '1' }) });
export const SimParams = UserParams.extend({
  ssn: digits('10 to 22 digits', /^[0-9]{10,22}$/).meta({ example: '8935301000000000001' }),
});

/** The params a path names when they are the member's ({user_id}) and a SIM's ({ssn}): the path says them. */
type Implied<P extends string> = [ParamNames<P>] extends [never]
  ? unknown
  : [ParamNames<P>] extends ['user_id']
    ? { params: typeof UserParams }
    : [ParamNames<P>] extends ['user_id' | 'ssn']
      ? { params: typeof SimParams }
      : unknown;

function impliedParams(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).join(',');
  if (names === '') return {};
  if (names === 'user_id') return { params: UserParams };
  if (names === 'user_id,ssn') return { params: SimParams };
  throw new Error(`${path}: its endpoint must say its params`);
}

/**
 * Declares an area's endpoints: what they share is said once, and an endpoint says only what is its
 * own (or another tag or access where it differs). A path of the member ({user_id}) or of a SIM
 * ({user_id}, {ssn}) implies its params; any other names its own. Each keeps its literal path and
 * schema types for both sides.
 */
export function endpointsOf<const D extends Shared>(shared: D) {
  return <const E extends Omit<EndpointDef, keyof Shared> & Partial<Shared>>(
    e: E,
  ): Omit<D, keyof E> & E & (E extends { params: object } ? unknown : Implied<E['path']>) =>
    ({ ...shared, ...(e.params ? {} : impliedParams(e.path)), ...e }) as never;
}

/** A list's `before`: the `next` of the page before it (page-cursor.ts). */
export const PageCursor = z
  .string()
  .regex(PAGE_CURSOR_PATTERN, { error: 'before must be the next cursor of an earlier page' })
  .refine((text) => decodeCursor(text) !== undefined, { error: 'before must be the next cursor of an earlier page' })
  .meta({ example: '1764237600000.4211' });

import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { LINE_CHANGE_KINDS, LINE_CHANGE_LINK_DAYS } from './line-changes.ts';

/**
 * "This wasn't me" (docs/product/member-controls.md): every change of SIM (a new card, an eSIM), a
 * port-out another network asks for and a port-out done is mailed and pushed to the member with a
 * link that needs no password (single use, for 7 days). Pressing it stops the line and every session,
 * and opens a fraud case at the top of the help desk's queue. The link's token is sent in the body,
 * never in a path or query the logs keep.
 */

const LinkToken = z.object({
  token: z.string({ error: 'The link is not complete.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, {
    error: 'The link is not complete: open it from the e-mail again.',
  }),
});

const LineChangeSchema = z
  .object({
    kind: z.enum(LINE_CHANGE_KINDS),
    msisdn: z.string().meta({ description: 'The number the change was about' }),
    at: z.string().meta({ description: 'When it happened' }),
    what: z.string().meta({ description: 'The change, in words' }),
    title: z.string(),
    link_until: z.string().meta({ description: 'The link works until then, once' }),
  })
  .meta({ id: 'LineChange' });

const LineChangeReportSchema = z
  .object({
    change: LineChangeSchema,
    /** Whether a SIM of the member's still had the number and is now blocked at the network. */
    line_blocked: z.boolean(),
    reference: z.string().meta({ description: 'The fraud case at the help desk' }),
    message: z.string(),
  })
  .meta({ id: 'LineChangeReport' });

const endpoint = endpointsOf({ tag: 'This wasn’t me', access: 'public' });

export const lineChangesApi = {
  change: endpoint({
    id: 'lineChange',
    moves: 'none',
    method: 'post',
    path: '/panda/public/this-wasnt-me/change',
    summary: `What the link from a line-change mail is about, while it still works (${LINE_CHANGE_LINK_DAYS} days, once); nothing changes`,
    body: LinkToken,
    answer: payload(LineChangeSchema),
    description: 'The change',
    errors: { 410: 'The link was used or has expired' },
  }),
  report: endpoint({
    id: 'reportLineChange',
    moves: 'once',
    method: 'post',
    path: '/panda/public/this-wasnt-me',
    summary:
      'The member did not make this change: the line is blocked and suspended at the network (a lost SIM), every session ends, the help desk signs the member out and gets a fraud case at the top of its queue. Once per link',
    body: LinkToken,
    answer: payload(LineChangeReportSchema),
    description: 'Reported',
    errors: { 410: 'The link was used or has expired' },
  }),
};

export const lineChangesFailures = failures('lineChanges', {
  linkGone: {
    status: 410,
    message:
      'This link has been used or has expired. If you reported a change, your line is blocked: log in to my48 to see it, or contact us.',
  },
});

export const lineChangesMessages = {
  reported: 'Thank you: your line is blocked and every device is signed out of my48. Our fraud team will contact you.',
  reportedGone:
    'Thank you: we have told our fraud team, who will contact you about your number. Every device is signed out of my48.',
} as const;

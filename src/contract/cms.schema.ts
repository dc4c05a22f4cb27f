import { z } from './zod.ts';
import { endpointsOf } from './shared.schema.ts';
import { failures } from './endpoint.ts';

/** Publishing from the CMS (docs/product/operations.md): Sanity's webhook, a rebuild by hand, and the editors' status. */

export const cmsMessages = {
  queued: 'Rebuild queued',
  badSignature: 'Invalid or expired signature',
  notConfigured: 'Publishing is not configured',
  badToken: 'An editor token is required',
} as const;

export const cmsFailures = failures('cms', {
  notConfigured: { status: 503, message: cmsMessages.notConfigured },
  badSignature: { status: 401, message: cmsMessages.badSignature },
  badToken: { status: 401, message: cmsMessages.badToken },
});

const BuildRunSchema = z.object({
  id: z.string(),
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().int().optional(),
  result: z.enum(['ok', 'failed']).optional(),
  error: z.string().optional(),
});
export const PublishStatusSchema = z.object({
  building: z.boolean(),
  queued: z.boolean(),
  live: z.string(),
  runs: z.array(BuildRunSchema),
});

const queued = z.object({
  _payload: z.object({ message: z.literal(cmsMessages.queued), building: z.boolean(), queued: z.boolean() }),
});

const endpoint = endpointsOf({ tag: 'Publishing', access: 'public' });

export const cmsApi = {
  publish: endpoint({
    id: 'cmsPublish',
    moves: 'none',
    method: 'post',
    path: '/panda/public/cms/publish',
    summary: 'Sanity’s publish webhook: a signed call queues a rebuild (sanity-webhook-signature, 5-minute window)',
    status: 202,
    answer: queued,
    description: 'Signature good: a rebuild is queued (bursts become one more build)',
    errors: {
      401: cmsMessages.badSignature,
      404: 'No webhook here: no SANITY_WEBHOOK_SECRET is configured',
      413: 'The body is larger than 256 KB (refused before its signature is read)',
      415: 'The body is not application/json',
    },
  }),
  rebuild: endpoint({
    id: 'cmsRebuild',
    moves: 'none',
    method: 'post',
    path: '/panda/public/cms/rebuild',
    summary: 'A rebuild by hand (npm run rebuild), with the editor token as a bearer token',
    status: 202,
    answer: queued,
    description: 'A rebuild is queued',
    errors: { 401: cmsMessages.badToken, 503: cmsMessages.notConfigured },
  }),
  status: endpoint({
    id: 'cmsStatus',
    method: 'get',
    path: '/panda/public/cms/status',
    summary:
      'The state of publishing (last builds, result, duration, trigger), with the editor token as a bearer token',
    answer: z.object({ _payload: PublishStatusSchema }),
    description: 'The state of publishing',
    errors: { 401: cmsMessages.badToken, 503: cmsMessages.notConfigured },
  }),
};

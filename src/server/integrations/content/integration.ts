import { z } from 'zod';
import { integration, settings, type Integration } from '../integration.ts';
import { publishedContent, type PublishedContent } from './index.ts';

/** Publishing from the CMS: the webhook that asks for a rebuild, and the editors' own token. */
export const contentSettings = settings({
  shape: {
    /** Signs Sanity's publish webhook (docs/product/operations.md); unset: POST /panda/public/cms/publish does not exist (404). */
    SANITY_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** The editors' token: the status page (/cms/status) and npm run rebuild. Unset: both answer 503. */
    CMS_EDITOR_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  },
});

/** The published content the API's rules read (offer dates, student domains): the built site's. */
export const content: Integration<PublishedContent> = integration<PublishedContent>({
  create: ({ siteDir }) => publishedContent(siteDir),
});

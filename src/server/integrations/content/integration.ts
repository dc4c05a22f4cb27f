import { z } from 'zod';
import { credential, integration, settings, type Integration } from '../integration.ts';
import { chargesFromFiles, chargesFromSanity, publishedContent, type PublishedContent } from './index.ts';

/** Publishing from the CMS: the webhook that asks for a rebuild, and the editors' own token. */
export const contentSettings = settings({
  shape: {
    /** Signs Sanity's publish webhook (docs/product/operations.md); unset: POST /panda/public/cms/publish does not exist (404). */
    SANITY_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** The editors' token: the status page (/cms/status) and npm run rebuild. Unset: both answer 503. */
    CMS_EDITOR_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /**
     * Where the content is edited, when it is Sanity (the build reads them too): the API reads the
     * published charges from there. Unset: from the content/ folder.
     */
    SANITY_PROJECT_ID: credential(),
    SANITY_DATASET: credential(),
    SANITY_API_TOKEN: credential(),
    SANITY_API_HOST: z.url({ error: 'must be a URL' }).optional(),
  },
  together: [['SANITY_PROJECT_ID', 'SANITY_DATASET']],
});

/**
 * The published content the API's rules read: the offer dates and student domains from the built
 * site; the charges from where the content is edited (Sanity, or the content/ folder), so an
 * instance without a build of the site rates use (docs/product/money.md).
 */
export const content: Integration<PublishedContent> = integration<PublishedContent>({
  create: ({ siteDir, config }) =>
    publishedContent(siteDir, {
      charges: config.contentSource ? chargesFromSanity(config.contentSource) : () => chargesFromFiles('content'),
    }),
});

import { integration, type Integration } from '../integration.ts';
import { publishedContent, type PublishedContent } from './index.ts';

/** The published content the API's rules read (offer dates, student domains): the built site's. */
export const content: Integration<PublishedContent> = integration<PublishedContent>({
  create: ({ siteDir }) => publishedContent(siteDir),
});

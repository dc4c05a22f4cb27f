import { route } from './endpoint.ts';
import type { lineChangesApi } from './line-changes.schema.ts';

/** "This wasn't me"'s calls, typed by their endpoints: zod-free, so the page carries no schema library. */
export const lineChangesRoutes = {
  change: route<typeof lineChangesApi.change>('post', '/panda/public/this-wasnt-me/change'),
  report: route<typeof lineChangesApi.report>('post', '/panda/public/this-wasnt-me'),
};

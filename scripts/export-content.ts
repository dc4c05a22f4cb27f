/**
 * `npm run cms:export [-- file.ndjson]`: content/ as NDJSON for `sanity dataset import`, so a new
 * dataset starts with the site as it is (README, "For editors"). Writes to stdout without a file.
 */
import { writeFileSync } from 'node:fs';
import { exportContent } from '../src/cms/export.ts';

const ndjson = exportContent(process.env['CONTENT_DIR'] ?? 'content');
const out = process.argv[2];
if (out) {
  writeFileSync(out, ndjson);
  console.error(`${ndjson.trim().split('\n').length} documents written to ${out}`);
} else process.stdout.write(ndjson);

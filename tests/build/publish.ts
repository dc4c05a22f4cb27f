import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeSignatureHeader } from '@sanity/webhook';

/** The first help topic of a copy of content/: its page's path, and `edit` to give it a new heading, as an editor would. */
export function helpTopic(content: string): { path: string; edit(heading: string): void } {
  const file = readdirSync(join(content, 'help')).find((f) => f.endsWith('.md'))!;
  return {
    path: `/help/${file.replace(/\.md$/, '')}`,
    edit(heading) {
      const at = join(content, 'help', file);
      writeFileSync(at, readFileSync(at, 'utf8').replace(/^heading: .*$/m, `heading: "${heading}"`));
    },
  };
}

/** A publish of a help topic as Sanity's webhook sends it, signed with the secret. */
export async function publishAsSanity(base: string, secret: string): Promise<Response> {
  const body = JSON.stringify({ _id: 'helpTopic.x', _type: 'helpTopic' });
  return fetch(`${base}/panda/public/cms/publish`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret),
    },
    body,
  });
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Sanity's HTTP query API (GET /v{date}/data/query/{dataset}?query=…&$type=…),
 * enough for the one GROQ query the loader sends: published documents of one type, by entryId.
 * It answers as Sanity does ({ result, ms, query }) and records the requests it saw.
 */
export async function sanityStandIn(documents: Record<string, unknown>[], dataset = 'production') {
  const seen: { path: string; type: string | undefined; auth: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = /^\/v[\d-]+\/data\/query\/([^/]+)$/.exec(url.pathname);
    if (!match || match[1] !== dataset) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { description: 'Dataset not found' } }));
      return;
    }
    const query = url.searchParams.get('query') ?? '';
    const typeParam = url.searchParams.get('$type');
    const type = typeParam ? (JSON.parse(typeParam) as string) : undefined;
    seen.push({ path: url.pathname, type, auth: req.headers.authorization });
    if (!query.includes('_type == $type') || !query.includes('drafts.**')) {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { description: `unsupported query ${query}` } }));
      return;
    }
    const result = documents
      .filter((d) => d['_type'] === type && !String(d['_id']).startsWith('drafts.'))
      .sort((a, b) => String(a['entryId']).localeCompare(String(b['entryId'])));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ms: 1, query, result }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    documents,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

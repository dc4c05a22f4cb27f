import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { readEnv } from './env.ts';
import { loadStaticSite } from './static-site.ts';

const env = readEnv();
buildIfNeeded(env.DIST_DIR);
const site = await loadStaticSite(env.DIST_DIR);
const app = createApp({ site });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = info.address.includes(':') ? `[${info.address}]` : info.address;
  console.log(`48 portal listening on http://${env.HOST === 'localhost' ? 'localhost' : host}:${info.port}`);
});

// Finish the requests in flight, then exit; a second signal, or 10 s, forces the exit.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal}: closing`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

import { spawn } from 'node:child_process';

/**
 * `npm run dev`: Astro's dev server for the site (instant reload) on PORT (4321), and the API
 * under node --watch on PORT+1; Astro's dev server forwards /panda and /sandbox to it.
 */
const port = Number(process.env['PORT'] ?? 4321);
const apiPort = String(port + 1);
const children = [
  spawn('node', ['--watch-path=src/server', '--watch-path=src/contract', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, API_ONLY: 'true', NODE_ENV: 'development' },
  }),
  spawn('npx', ['astro', 'dev', '--port', String(port)], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  });

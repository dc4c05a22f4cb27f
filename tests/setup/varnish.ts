import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { waitFor } from '../bench/api.ts';

/** Debian's varnishd when installed (apt-get install varnish; .ci/run installs it). */
export const varnishd: string | undefined = spawnSync('varnishd', ['-V']).error ? undefined : 'varnishd';

/**
 * varnishd in the foreground with the repo's VCL (deploy/varnish/default.vcl), in front of the
 * instances on these loopback ports: a backends.vcl of its own in `dir` (the deployment's names
 * the compose services), probed on /panda/ready every second; loopback may purge.
 */
export async function startVarnish(dir: string, port: number, origins: number[]): Promise<{ stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'backends.vcl'),
    `probe ready { .url = "/panda/ready"; .interval = 1s; .timeout = 1s; .window = 3; .threshold = 2; }
${origins.map((p, i) => `backend portal_${i} { .host = "127.0.0.1"; .port = "${p}"; .probe = ready; }`).join('\n')}
acl purgers { "127.0.0.1"; }
sub vcl_init {
  new origin = directors.round_robin();
${origins.map((_, i) => `  origin.add_backend(portal_${i});`).join('\n')}
}
`,
  );
  // -j none: no jail (tests run as whoever runs them); -T none: no management port.
  const child = spawn(
    varnishd!,
    [
      '-F',
      ...['-j', 'none', '-T', 'none', '-n', join(dir, 'state'), '-a', `127.0.0.1:${port}`],
      ...['-f', resolve('deploy/varnish/default.vcl'), '-p', `vcl_path=${dir}`],
      ...['-p', 'ban_lurker_sleep=0.1', '-s', 'malloc,64m'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // What varnishd says goes to the output only when it does not start.
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => (said = (said + String(chunk)).slice(-4000)));
  await waitFor(`http://127.0.0.1:${port}/panda/health`, 30_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    console.error(said);
    throw error;
  });
  return {
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

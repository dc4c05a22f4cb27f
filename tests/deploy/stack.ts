import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** The settings deploy:local made (deploy/.env.production). */
export function settings(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(root, 'deploy/.env.production'), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/** The card provider's origin as the portal names it (the stand-ins on this machine's address). */
export const standInOrigin = () => new URL(settings().PAYMENT_BASE_URL!).origin;

/** The mails the stand-in mail server received for an address, oldest first. */
export async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  return (await fetch(`http://127.0.0.1:9481/mails?to=${encodeURIComponent(to)}`)).json();
}

const cli = () => (spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0 ? 'docker' : 'podman');

/** A container of the stack by its service name (podman-compose's names, or Docker Compose's). */
export function container(service: string): string {
  const names = spawnSync(cli(), ['ps', '-a', '--format', '{{.Names}}'], { encoding: 'utf8' }).stdout.split('\n');
  const name = names.find((n) => n === `portal48_${service}_1` || n === `portal48-${service}-1`);
  if (!name) throw new Error(`no container for ${service} (${names.join(', ')})`);
  return name;
}

/** Runs the container engine (docker or podman) and answers what it printed. */
export function engine(args: string[]): string {
  const r = spawnSync(cli(), args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cli()} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** SQL in the stack's database, as its operator would run it (psql in the db container). */
export function sql(query: string): string {
  return engine(['exec', container('db'), 'psql', '-U', 'portal', '-d', 'portal', '-At', '-c', query]).trim();
}

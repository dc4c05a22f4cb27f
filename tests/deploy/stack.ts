import { spawnSync } from 'node:child_process';
import { containerCli, containerName, madeSettings, STAND_INS_LOCAL } from '../../scripts/deploy-local/deploy-local.ts';

/** The settings deploy:local made (deploy/.env.production). */
export const settings = madeSettings;

/** The mails the stand-in mail server received for an address, oldest first. */
export async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  return (await fetch(`http://127.0.0.1:${STAND_INS_LOCAL}/mails?to=${encodeURIComponent(to)}`)).json();
}

/** The code a person of the demo staff's authenticator shows now, at the stand-in provider. */
export async function staffCode(email: string): Promise<string> {
  const codes = (await (await fetch(`http://127.0.0.1:${STAND_INS_LOCAL}/staff-codes`)).json()) as {
    email: string;
    code: string;
  }[];
  return codes.find((c) => c.email === email)!.code;
}

const cli = containerCli;

/** A container of the stack by its service name (podman-compose's names, or Docker Compose's). */
export const container = (service: string): string => containerName(cli(), service);

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

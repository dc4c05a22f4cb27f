import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, demoEmails } from '../../src/server/seed/seed.ts';
import { freePort } from '../setup/free-port.ts';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function waitFor(url: string, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer`);
}

/** The load generator of this run: wrk when installed (C, leaves the CPU to the server), else autocannon. */
export const loadTool: 'wrk' | 'autocannon' = spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';

/** wrk prints latencies as 812.00us, 4.07ms or 1.02s. */
const ms = (text: string) => {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
};

/** One request of a rotation: its path and headers (a member's session, say), a POST with its body. */
export interface Target {
  path: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/**
 * A wrk script that sends the targets in turn (each thread starting at its own place), so that many
 * members' requests interleave. The targets are read from a file of their own, one a line (a
 * script's own table holds at most 65,536 constants: fewer than a run of signed events needs).
 */
function rotationScript(targets: Target[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const list = join(dir, 'targets.tsv');
  // method, path, headers (name: value, joined by \u0001), body: one target a line, tab-separated.
  writeFileSync(
    list,
    targets
      .map((t) =>
        [
          t.method ?? 'GET',
          t.path,
          Object.entries(t.headers)
            .map(([k, v]) => `${k}:${v}`)
            .join('\u0001'),
          t.body ?? '',
        ].join('\t'),
      )
      .join('\n') + '\n',
  );
  const file = join(dir, 'rotation.lua');
  writeFileSync(
    file,
    `local targets = {}
for line in io.lines(${JSON.stringify(list)}) do
  local method, path, headers, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
  local h = {}
  for pair in headers:gmatch("[^\\1]+") do
    local k, v = pair:match("^([^:]+):(.*)$")
    h[k] = v
  end
  targets[#targets + 1] = { method = method, path = path, headers = h, body = body ~= "" and body or nil }
end
local i = 0
local step = 1
function setup(thread) thread:set("offset", step) step = step + ${
      // Writes that must each be new (signed events) are split between the threads, not interleaved.
      targets.some((t) => t.method === 'POST') ? 'math.floor(#targets / 2)' : '7'
    } end
function init(args) i = offset or 0 end
function request()
  i = i + 1
  local t = targets[(i % #targets) + 1]
  return wrk.format(t.method, t.path, t.headers, t.body)
end
`,
  );
  return file;
}

function wrkArgs(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
  targets?: Target[],
): string[] {
  const rotation = targets ? ['-s', rotationScript(targets)] : [];
  return [
    '-c',
    String(connections),
    '-t',
    '2',
    '-d',
    `${seconds}s`,
    '--latency',
    ...rotation,
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
}

/** What wrk printed, as a load's figures. */
function wrkFigures(out: string): Load {
  const line = (re: RegExp) => re.exec(out)?.[1] ?? '';
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(line(/Requests\/sec:\s+([\d.]+)/)),
    p50: ms(line(/\s50%\s+(\S+)/)),
    p99: ms(line(/\s99%\s+(\S+)/)),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(line(/Non-2xx or 3xx responses:\s+(\d+)/) || 0),
  };
}

function wrk(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
  targets?: Target[],
): Load {
  return wrkFigures(
    spawnSync('wrk', wrkArgs(url, connections, seconds, headers, targets), { encoding: 'utf8' }).stdout,
  );
}

/** A closed-loop load on each server at once (wrk each, a 1-second warm-up first), for what they serve together. */
export async function loadsTogether(
  runs: { base: string; connections: number; targets: Target[]; warmUp: Target[] }[],
  seconds: number,
  onMeasure?: (phase: 'start' | 'end') => void,
): Promise<Load[]> {
  const together = (pick: (r: (typeof runs)[number]) => Target[], s: number) =>
    Promise.all(
      runs.map(
        (r) =>
          new Promise<Load>((resolve, reject) => {
            const child = spawn('wrk', wrkArgs(r.base, r.connections, s, {}, pick(r)));
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
            child.on('error', reject);
            child.on('close', () => resolve(wrkFigures(out)));
          }),
      ),
    );
  await together((r) => r.warmUp, 1);
  onMeasure?.('start');
  const measured = await together((r) => r.targets, seconds);
  onMeasure?.('end');
  return measured;
}

/**
 * Load at `connections` for `seconds` against one URL, after a short warm-up that is not counted.
 * With `targets`, the requests go to their paths (on the URL's server) with their headers in turn.
 */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  targets?: Target[],
  /** What the uncounted warm-up sends (writes that must be new each time bring their own). */
  warmUp: Target[] | undefined = targets,
  /** Called as the counted seconds begin and as they end (after the warm-up): to read what they cost. */
  onMeasure?: (phase: 'start' | 'end') => void,
): Promise<Load> {
  if (loadTool === 'wrk') {
    wrk(url, connections, 1, headers, warmUp);
    onMeasure?.('start');
    const measured = wrk(url, connections, seconds, headers, targets);
    onMeasure?.('end');
    return measured;
  }
  const requests = targets?.map((t) => ({
    method: t.method ?? ('GET' as const),
    path: t.path,
    headers: t.headers,
    ...(t.body === undefined ? {} : { body: t.body }),
  }));
  await autocannon({ url, connections, duration: 1, headers, ...(requests ? { requests } : {}) });
  onMeasure?.('start');
  const r = await autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
  onMeasure?.('end');
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Starts the real server (`node src/server/main.ts`) on a free port and waits for it. */
export async function startServer(
  env: Record<string, string>,
  /** Keep what the server writes to stdout (its log lines), for a test that reads them. */
  options: { logs?: string[] } = {},
): Promise<{ base: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  // An empty value unsets a variable (DATABASE_URL: '' → the embedded PGlite files).
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === '') delete merged[key];
  // SERVER_NODE_ARGS: Node's own options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under load.
  const child = spawn(
    process.execPath,
    [...(process.env['SERVER_NODE_ARGS']?.split(' ') ?? []), 'src/server/main.ts'],
    {
      env: merged,
      stdio: ['ignore', options.logs ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (options.logs) {
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop() ?? '';
      options.logs!.push(...lines);
    });
  }
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/panda/health`);
  return {
    base,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The headers of a signed-in demo member, by the API's own log-in. */
export async function signIn(
  base: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ headers: Record<string, string>; userId: number; ssn: string }> {
  const res = await fetch(`${base}/panda/public/users/current`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: email, password }),
  });
  if (!res.ok) throw new Error(`log-in of ${email}: ${res.status}`);
  const token = res.headers.get('x-gg-auth')!;
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const binding = cookies.join('; ');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const { _payload } = (await res.json()) as { _payload: { account: { user_id: number } } };
  const headers = {
    'x-gg-auth': token,
    'x-gg-transaction': 'bench',
    cookie: binding,
    'x-xsrf-token': xsrf,
    origin: base,
  };
  const sims = (await (
    await fetch(`${base}/panda/protected/users/${_payload.account.user_id}/sims/owned`, { headers })
  ).json()) as { _payload: { values: { ssn: string }[] } };
  return { headers, userId: _payload.account.user_id, ssn: sims._payload.values[0]!.ssn };
}

/** The balance summary of a signed-in member: path and headers. */
export const summaryTarget = (m: Awaited<ReturnType<typeof signIn>>): Target => ({
  path: `/panda/protected/users/${m.userId}/sims/${m.ssn}/balance/summary/current`,
  headers: m.headers,
});

/**
 * Every demo member who can sign in and whose balance summary answers 200 (some demo members are
 * there to show a failure), signed in: load spread over many members and sessions, as in real use,
 * rather than one member's session asked 50 times at once.
 */
export async function signInMembers(base: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (const email of demoEmails()) {
    const m = await signIn(base, email).catch(() => undefined);
    if (!m) continue;
    const target = summaryTarget(m);
    if ((await fetch(`${base}${target.path}`, { headers: target.headers })).ok) targets.push(target);
  }
  return targets;
}

/** A bare Node HTTP server answering "hello", in a process of its own like the portal: this machine's ceiling for the static-site figure. */
export async function bareNode(): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hello'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, 10_000);
  return { url, close: () => child.kill() };
}

/** A fresh PostgreSQL database for a bench run (dropped and made again), or undefined without a server. */
export function benchDatabase(): string | undefined {
  const admin = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const psql = (sql: string) => spawnSync('psql', [admin, '-qc', sql], { stdio: 'pipe' });
  if (psql('select 1').status !== 0) return undefined;
  psql('drop database if exists bench_48 with (force)');
  if (psql('create database bench_48').status !== 0) return undefined;
  return admin.replace(/\/[^/]*$/, '/bench_48');
}

/**
 * `npm run deploy:local`: the reference deployment (deploy/compose.yaml) on this machine, at
 * https://localhost:8443. `npm run deploy:local -- down` stops it (its data stays in the `db`
 * volume; `-- down --volumes` removes that too). `-- --rebuild` builds the portal's image again.
 *
 * It runs Podman with podman-compose (or `docker compose` where a Docker daemon answers: not tried
 * here) on base images built here from Debian (deploy/local: debootstrap, then Debian's packages;
 * Node.js from the npm registry), for machines that reach no image registry, and whose Node.js
 * base trusts this stack's own certificate authority. The compose file, the Dockerfile, nginx's and
 * Varnish's files are the operator's, as they are. The outside services production requires are
 * stand-ins on this machine (scripts/deploy-local/stand-ins.ts: a mail sink, a card provider, the
 * sandbox network, the staff's identity provider with a second factor); the settings are made once
 * into deploy/.env.production, sandboxes off.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  cpSync,
} from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir, networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { productionSettings } from '../../src/server/production-settings.fixture.ts';
import webpush from 'web-push';

const root = resolve(import.meta.dirname, '../..');
const deploy = join(root, 'deploy');
const state = join(root, '.data', 'deploy-local');
const envFile = join(deploy, '.env.production');
const HTTPS_PORT = 8443;
export const HTTP_PORT = 8080;
export const SITE_URL = `https://localhost:${HTTPS_PORT}`;
const STAND_INS_HTTP = 9480;
const STAND_INS_SMTP = 2525;
/** The stand-ins' own plain-http port on loopback: the mails they received, for a person or a test on this machine. */
export const STAND_INS_LOCAL = 9481;
/** The staff's identity provider's path at the stand-ins (its issuer). */
const STAND_INS_IDP_PATH = '/idp';
const PROJECT = 'portal48';
/** deploy/compose.yaml's network (its `networks.default.ipam`), which TRUST_PROXY and Varnish's purgers name. */
const COMPOSE_SUBNET = /subnet: (\S+)/.exec(readFileSync(join(deploy, 'compose.yaml'), 'utf8'))![1]!;

const log = (line: string) => console.log(`deploy:local: ${line}`);
const run = (cmd: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}) => {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})${options.quiet ? `\n${r.stderr}` : ''}`);
  return r.stdout ?? '';
};
/** Builds get 1024 open files by default under Podman here, too few for npm ci: as many as this process may have. */
const fileLimit = () => execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
const succeeds = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** The container engine's command: docker when its daemon answers, else podman. */
export const containerCli = () => (succeeds('docker', ['info']) ? 'docker' : 'podman');

/** Docker when its daemon answers, else Podman (podman-compose), configured for this kind of machine. */
function engine() {
  if (containerCli() === 'docker') return { kind: 'docker' as const, cli: 'docker', compose: ['docker', 'compose'] };
  if (!succeeds('podman', ['--version']) || !succeeds('podman-compose', ['--version']))
    throw new Error(
      'neither a running Docker nor podman with podman-compose was found (apt-get install podman podman-compose runc debootstrap)',
    );
  // Podman as Debian packages it, run without systemd: cgroupfs, and no ulimits it may not set here.
  if (!process.env.CONTAINERS_CONF) {
    mkdirSync(state, { recursive: true });
    const conf = join(state, 'containers.conf');
    writeFileSync(conf, '[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\n');
    process.env.CONTAINERS_CONF = conf;
  }
  return { kind: 'podman' as const, cli: 'podman', compose: ['podman-compose'] };
}

/** This machine's address as the containers reach it (the stand-ins listen there). */
function hostAddress(): string {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? [])
      if (a.family === 'IPv4' && !a.internal && !a.address.startsWith('10.89.')) return a.address;
  throw new Error('no IPv4 address outside loopback for the containers to reach the stand-ins');
}

const secret = () => randomBytes(24).toString('base64url');

/** The staff console's sign-in at the stand-ins' provider, with a client of this stack's own. */
const staffSignIn = (standIn: string) => ({
  STAFF_OIDC_ISSUER: `${standIn}${STAND_INS_IDP_PATH}`,
  STAFF_OIDC_CLIENT_ID: 'portal-local-staff',
  STAFF_OIDC_CLIENT_SECRET: secret(),
});

/** deploy/.env.production: made once (its secrets and password must outlive a restart), every setting production requires. */
function settings(host: string): Record<string, string> {
  if (!existsSync(envFile)) {
    const standIn = `https://${host}:${STAND_INS_HTTP}`;
    const vapid = webpush.generateVAPIDKeys();
    const values: Record<string, string> = {
      ...productionSettings,
      SITE_URL,
      SITE_HOST: 'localhost',
      SANDBOX: 'false',
      POSTGRES_PASSWORD: secret(),
      SESSION_SECRET: secret(),
      HELPDESK_SECRET: secret(),
      CAPTCHA_HMAC_KEY: secret(),
      SMTP_URL: `smtp://${host}:${STAND_INS_SMTP}`,
      MAIL_FROM: '48 <hello@localhost>',
      PAYMENT_BASE_URL: standIn,
      PAYMENT_ENTITY_ID: 'local-entity',
      PAYMENT_ACCESS_TOKEN: secret(),
      // The network: the embedded default's sandbox network, served by the stand-ins.
      NETWORK_API_URL: `${standIn}/sandbox/network/tmf-api`,
      NETWORK_TOKEN_URL: `${standIn}/sandbox/network/oauth/token`,
      // The stand-in network knows this stack's own client (the sandbox's is published in the repo).
      NETWORK_CLIENT_ID: 'portal-local',
      NETWORK_CLIENT_SECRET: secret(),
      NETWORK_EVENT_SECRET: secret(),
      SANITY_WEBHOOK_SECRET: secret(),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@localhost',
      ...staffSignIn(standIn),
    };
    // Every other outside service not set above: the stand-ins' address, which answers it 404 (a service that is not there).
    for (const key of Object.keys(productionSettings))
      if (/_(URL|DOMAIN)$/.test(key) && values[key] === productionSettings[key as keyof typeof productionSettings])
        values[key] = `${standIn}/${key.toLowerCase().replace(/_/g, '-')}`;
    delete values.DATABASE_URL; // compose makes it from POSTGRES_PASSWORD
    const lines = Object.entries(values).map(([k, v]) => `${k}=${v}`);
    writeFileSync(
      envFile,
      `# Made by npm run deploy:local for this machine (stand-ins at ${standIn}); not for real members.\n${lines.join('\n')}\n`,
      { mode: 0o600 },
    );
    log(`wrote ${envFile}`);
  }
  // Shared credentials a stack made before are retired (production refuses them): finance and editors sign in to the staff console.
  const before = readFileSync(envFile, 'utf8');
  const retired = before.replace(/^(FINANCE_TOKEN|CMS_EDITOR_TOKEN)=.*\n/gm, '');
  if (retired !== before) writeFileSync(envFile, retired, { mode: 0o600 });
  // A stack made before the staff's provider stood in: the console signs in there too.
  if (!/^STAFF_OIDC_ISSUER=/m.test(retired)) {
    const at = /^PAYMENT_BASE_URL=(\S+)/m.exec(retired)?.[1] ?? `https://${host}:${STAND_INS_HTTP}`;
    const lines = Object.entries(staffSignIn(at)).map(([k, v]) => `${k}=${v}`);
    writeFileSync(envFile, `${retired.trimEnd()}\n${lines.join('\n')}\n`, { mode: 0o600 });
  }
  // The machine's address changed since (another network): the stand-ins' addresses follow it.
  const made = readFileSync(envFile, 'utf8');
  const was = /^PAYMENT_BASE_URL=https:\/\/([^:/]+)/m.exec(made)?.[1];
  if (was && was !== host)
    writeFileSync(envFile, made.replaceAll(`//${was}:`, `//${host}:`).replace(`smtp://${was}:`, `smtp://${host}:`));
  return madeSettings();
}

/** The settings deploy/.env.production holds (made by the first run). */
export function madeSettings(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(envFile, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/**
 * A certificate authority of this stack's own, made once: it signs nginx's certificate (localhost)
 * and the stand-ins' (this machine's address), and the local Node.js base trusts it, as a real
 * deployment's instances trust the public authorities their providers' certificates come from.
 */
function certificates(host: string) {
  mkdirSync(state, { recursive: true });
  const at = (name: string) => join(state, name);
  const openssl = (args: string[]) => run('openssl', args, { quiet: true });
  if (!existsSync(at('ca.crt'))) {
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      '/CN=portal48 deploy:local CA',
      '-keyout',
      at('ca.key'),
      '-out',
      at('ca.crt'),
    ]);
    rmSync(at('standins.crt'), { force: true });
    rmSync(join(deploy, 'certs', 'portal.crt'), { force: true });
  }
  const signed = (key: string, crt: string, cn: string, san: string) => {
    const ext = `${crt}.ext`;
    writeFileSync(ext, `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
    openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${cn}`, '-keyout', key, '-out', `${crt}.csr`]);
    openssl([
      'x509',
      '-req',
      '-in',
      `${crt}.csr`,
      '-CA',
      at('ca.crt'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-days',
      '825',
      '-extfile',
      ext,
      '-out',
      crt,
    ]);
    rmSync(`${crt}.csr`);
    rmSync(ext);
  };
  if (
    !existsSync(at('standins.crt')) ||
    !readFileSync(at('standins.san'), { encoding: 'utf8', flag: 'a+' }).includes(host)
  ) {
    signed(at('standins.key'), at('standins.crt'), host, `IP:${host},DNS:localhost`);
    writeFileSync(at('standins.san'), host);
  }
  const certs = join(deploy, 'certs');
  mkdirSync(certs, { recursive: true });
  if (!existsSync(join(certs, 'portal.crt'))) {
    signed(join(certs, 'portal.key'), join(certs, 'portal.crt'), 'localhost', 'DNS:localhost,IP:127.0.0.1');
    log('made a certificate for localhost in deploy/certs');
  }
}

const LOCAL = {
  debian: 'localhost/portal48-debian:bookworm',
  node: 'localhost/portal48-node:local',
  postgres: 'localhost/portal48-postgres:local',
  varnish: 'localhost/portal48-varnish:local',
  nginx: 'localhost/portal48-nginx:local',
  portal: 'localhost/portal48-portal:local',
};

/** The base images from Debian, each built when missing. */
function localBases(cli: string) {
  const has = (image: string) => succeeds(cli, ['image', 'inspect', image]);
  if (!has(LOCAL.debian)) {
    const dir = mkdtempSync(join(tmpdir(), 'portal48-debian-'));
    log('making a Debian root with debootstrap (about 30 s)');
    run('debootstrap', ['--variant=minbase', 'bookworm', dir, 'http://deb.debian.org/debian'], { quiet: true });
    const imported = spawnSync('sh', ['-c', `tar -C "${dir}" -c . | ${cli} import - ${LOCAL.debian}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    rmSync(dir, { recursive: true, force: true });
    if (imported.status !== 0) throw new Error('podman import of the Debian root failed');
  }
  const context = join(deploy, 'local');
  // What this machine trusts beyond Debian's authorities (an egress proxy's), for npm inside the build.
  const ca = join(context, 'ca');
  mkdirSync(ca, { recursive: true });
  const extra = '/usr/local/share/ca-certificates';
  if (existsSync(extra))
    for (const f of readdirSync(extra)) if (f.endsWith('.crt')) cpSync(join(extra, f), join(ca, f));
  // And this stack's own authority (certificates()): a Node.js base made before it is made again.
  const ours = readFileSync(join(state, 'ca.crt'), 'utf8');
  writeFileSync(join(ca, 'portal48-local-ca.crt'), ours);
  const trusted = has(LOCAL.node)
    ? spawnSync(cli, ['run', '--rm', LOCAL.node, 'cat', '/usr/local/share/ca-certificates/portal48-local-ca.crt'], {
        encoding: 'utf8',
      }).stdout
    : ours;
  if (trusted !== ours) {
    // The portal's image stands on it: both are built again.
    spawnSync(cli, ['rmi', '-f', LOCAL.portal], { stdio: 'ignore' });
    run(cli, ['rmi', '-f', LOCAL.node], { quiet: true });
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const npmVersion = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
  for (const name of ['postgres', 'varnish', 'nginx', 'node'] as const) {
    if (has(LOCAL[name])) continue;
    log(`building ${LOCAL[name]}`);
    run(
      cli,
      [
        'build',
        '--network',
        'host',
        '-q',
        '-f',
        join(context, `${name}.Containerfile`),
        '-t',
        LOCAL[name],
        '--build-arg',
        `DEBIAN_IMAGE=${LOCAL.debian}`,
        '--build-arg',
        `NODE_VERSION=${pkg.devDependencies.node}`,
        '--build-arg',
        `NPM_VERSION=${npmVersion}`,
        context,
      ],
      { quiet: true },
    );
  }
}

/** The stand-ins, in the background (their process id kept to stop them). */
async function startStandIns(values: Record<string, string>) {
  mkdirSync(state, { recursive: true });
  const pidFile = join(state, 'stand-ins.pid');
  const host = hostAddress();
  /** Up, and listening where the containers look now (an earlier run's, on another address, is replaced). */
  const up = async () =>
    fetch(`http://127.0.0.1:${STAND_INS_LOCAL}/health`).then(
      async (r) => {
        const health = r.ok ? ((await r.json()) as { host?: string; issuer?: string }) : {};
        return health.host === host && health.issuer === values.STAFF_OIDC_ISSUER;
      },
      () => false,
    );
  if (await up()) return;
  stopStandIns();
  await new Promise((r) => setTimeout(r, 500));
  const out = openSync(join(state, 'stand-ins.log'), 'a');
  const child = spawn(process.execPath, [join(root, 'scripts/deploy-local/stand-ins.ts')], {
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      // What the containers reach listens on the address they use, never on every interface.
      STAND_INS_HOST: host,
      STAND_INS_HTTP_PORT: String(STAND_INS_HTTP),
      STAND_INS_SMTP_PORT: String(STAND_INS_SMTP),
      STAND_INS_LOCAL_PORT: String(STAND_INS_LOCAL),
      STAND_INS_SITE_URL: values.SITE_URL,
      STAND_INS_NETWORK_EVENT_SECRET: values.NETWORK_EVENT_SECRET,
      STAND_INS_NETWORK_CLIENT_ID: values.NETWORK_CLIENT_ID,
      STAND_INS_NETWORK_CLIENT_SECRET: values.NETWORK_CLIENT_SECRET,
      STAND_INS_STAFF_CLIENT_ID: values.STAFF_OIDC_CLIENT_ID,
      STAND_INS_STAFF_CLIENT_SECRET: values.STAFF_OIDC_CLIENT_SECRET,
      // The portal's certificate (nginx's) is this stack's authority's: the network's events trust it.
      NODE_EXTRA_CA_CERTS: join(state, 'ca.crt'),
      STAND_INS_TLS_KEY: join(state, 'standins.key'),
      STAND_INS_TLS_CERT: join(state, 'standins.crt'),
    },
  });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  for (let i = 0; i < 50 && !(await up()); i++) await new Promise((r) => setTimeout(r, 200));
  if (!(await up())) throw new Error(`the stand-ins did not start (${join(state, 'stand-ins.log')})`);
  log(
    `stand-ins: card provider, network API and staff sign-in https://${host}:${STAND_INS_HTTP}, SMTP ${host}:${STAND_INS_SMTP}; mails, the network's controls and the staff's codes (loopback only) http://localhost:${STAND_INS_LOCAL}`,
  );
}

function stopStandIns() {
  const pidFile = join(state, 'stand-ins.pid');
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(pidFile);
}

/** What compose needs: the images to use, the ports, and the settings it interpolates. */
function composeEnv(values: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...values,
    HTTP_PORT: String(HTTP_PORT),
    HTTPS_PORT: String(HTTPS_PORT),
    PORTAL_IMAGE: LOCAL.portal,
    PORTAL_BASE_IMAGE: LOCAL.node,
    POSTGRES_IMAGE: LOCAL.postgres,
    VARNISH_IMAGE: LOCAL.varnish,
    NGINX_IMAGE: LOCAL.nginx,
  };
}

export function compose() {
  const e = engine();
  const values = settings(hostAddress());
  const env = composeEnv(values);
  const args = [
    ...e.compose.slice(1),
    '-p',
    PROJECT,
    '-f',
    join(deploy, 'compose.yaml'),
    ...(e.kind === 'docker' ? ['--env-file', envFile] : []),
  ];
  return {
    engine: e,
    values,
    run: (more: string[], quiet = false) => run(e.compose[0]!, [...args, ...more], { env, quiet }),
  };
}

/** Readiness through nginx over https, its certificate checked against this stack's own authority. */
function ready(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpsGet(
      `${SITE_URL}/panda/ready`,
      { ca: readFileSync(join(state, 'ca.crt')), timeout: 5000 },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

async function waitReady(timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${SITE_URL}/panda/ready did not answer 200 within ${timeoutMs / 1000} s`);
}

/** The portal's image from this checkout, on the local Node.js base. */
function buildPortal(cli: string, values: Record<string, string>) {
  log(`building ${LOCAL.portal} (npm ci and the site's build inside: a few minutes)`);
  run(
    cli,
    [
      'build',
      '--network',
      'host',
      '--ulimit',
      `nofile=${fileLimit()}:${fileLimit()}`,
      '-f',
      join(deploy, 'Dockerfile'),
      '-t',
      LOCAL.portal,
      '--build-arg',
      `BASE_IMAGE=${LOCAL.node}`,
      '--build-arg',
      `SITE_URL=${values.SITE_URL}`,
      root,
    ],
    { quiet: true },
  );
}

async function up(rebuild: boolean) {
  const c = compose();
  const { cli, kind } = c.engine;
  certificates(hostAddress());
  localBases(cli);
  await startStandIns(c.values);
  if (rebuild || !succeeds(cli, ['image', 'inspect', LOCAL.portal])) buildPortal(cli, c.values);
  // podman-compose 1.0.3 leaves out a network's ipam: the network made first with the compose file's subnet.
  if (kind === 'podman' && !succeeds(cli, ['network', 'exists', `${PROJECT}_default`]))
    run(
      cli,
      [
        'network',
        'create',
        '--subnet',
        COMPOSE_SUBNET,
        '--label',
        `io.podman.compose.project=${PROJECT}`,
        `${PROJECT}_default`,
      ],
      { quiet: true },
    );
  // The order compose's conditions say (podman-compose starts in order without waiting): the
  // database, the migrations once, then the instances, the CDN and the proxy.
  c.run(['up', '-d', 'db'], true);
  for (
    let i = 0;
    i < 60 &&
    !succeeds(cli, ['exec', `${PROJECT}_db_1`, 'pg_isready', '-U', 'portal', '-d', 'portal']) &&
    !succeeds(cli, ['exec', `${PROJECT}-db-1`, 'pg_isready', '-U', 'portal', '-d', 'portal']);
    i++
  )
    await new Promise((r) => setTimeout(r, 1000));
  c.run(['run', '--rm', 'migrate'], true);
  c.run(['up', '-d', 'portal-1', 'portal-2'], true);
  c.run(['up', '-d'], true);
  await waitReady(180_000);
  // Both instances ready from inside too (nginx's answer needs one), before saying it is up.
  for (const service of ['portal-1', 'portal-2'])
    for (let i = 0; !instanceReady(cli, containerName(cli, service)); i++) {
      if (i > 120) throw new Error(`${service} was not ready within 120 s`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  log(`up: ${SITE_URL} (sign up with any address; the mails are at http://localhost:${STAND_INS_LOCAL}/mails)`);
  log(
    `staff: ${SITE_URL}/staff (demo staff, password Demo-48-staff, then the code at http://localhost:${STAND_INS_LOCAL}/staff-codes)`,
  );
}

/** Whether one instance says it is ready (asked inside its container, as compose's healthcheck asks). */
const instanceReady = (cli: string, name: string) =>
  succeeds(cli, [
    'exec',
    name,
    'node',
    '-e',
    "fetch('http://127.0.0.1:4321/panda/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
  ]);

/**
 * A rolling update, as deploy/README.md says: the image built again, the migrations applied once,
 * then each instance replaced in turn, the next only once the new one is ready and Varnish's probe
 * has seen it (2 of 3 probes, 2 s apart).
 */
async function update() {
  const c = compose();
  const { cli } = c.engine;
  buildPortal(cli, c.values);
  c.run(['run', '--rm', 'migrate'], true);
  for (const service of ['portal-1', 'portal-2']) {
    const name = containerName(cli, service);
    log(`replacing ${service}`);
    // compose stop sends SIGTERM: the instance turns not-ready and finishes what it has.
    run(cli, ['stop', '-t', '30', name], { quiet: true });
    run(cli, ['rm', name], { quiet: true });
    c.run(['up', '-d', '--no-deps', service], true);
    const started = Date.now();
    while (!instanceReady(cli, containerName(cli, service))) {
      if (Date.now() - started > 120_000) throw new Error(`${service} was not ready within 120 s`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // Varnish resolved the instances' names when it loaded its VCL; the new container has a new address.
    await reloadVarnish(cli, containerName(cli, 'cdn'));
    await new Promise((r) => setTimeout(r, 6000));
  }
  log('updated');
}

/**
 * Loads the VCL again (a new VCL, then made the active one). varnishadm now and then loses the answer
 * to a command that worked or not ("Rejected 400, CLI communication error", varnishcache/varnish-cache
 * #3542; seen here on `vcl.use`), and until a reload takes, Varnish still sends to the replaced
 * instance's old address: tried again, up to three times, before the update stops.
 */
async function reloadVarnish(cli: string, cdn: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      run(cli, ['exec', cdn, 'varnishreload'], { quiet: true });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      log(`varnishreload failed, trying again: ${(error as Error).message.split('\n').slice(1).join(' ').trim()}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** A service's container: podman-compose's name or Docker Compose's. */
export function containerName(cli: string, service: string): string {
  const names = spawnSync(cli, ['ps', '-a', '--format', '{{.Names}}'], { encoding: 'utf8' }).stdout.split('\n');
  const name = names.find((n) => n === `${PROJECT}_${service}_1` || n === `${PROJECT}-${service}-1`);
  if (!name) throw new Error(`no container for ${service}`);
  return name;
}

function down(volumes: boolean) {
  const c = compose();
  c.run(['down', ...(volumes ? ['-v'] : [])], true);
  // podman-compose leaves the network (and with -v, the named volume) behind: removed here.
  if (c.engine.kind === 'podman') {
    spawnSync('podman', ['network', 'rm', `${PROJECT}_default`], { stdio: 'ignore' });
    if (volumes) spawnSync('podman', ['volume', 'rm', `${PROJECT}_db`], { stdio: 'ignore' });
  }
  stopStandIns();
  log(`down${volumes ? ', its data removed' : ' (its data kept in the db volume)'}`);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  try {
    if (args[0] === 'down') down(args.includes('--volumes'));
    else if (args[0] === 'update') await update();
    else await up(args.includes('--rebuild'));
  } catch (error) {
    console.error(`deploy:local: ${(error as Error).message}`);
    process.exit(1);
  }
}

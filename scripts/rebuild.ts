/**
 * `npm run rebuild`: what a publish does, by hand. Asks the running server (PORT and HOST, as
 * `npm start` uses them, or PORTAL_URL) to build the site again and swap it in, then follows the
 * build on the status until it is live or has failed. Needs CMS_EDITOR_TOKEN, as the server has it.
 */
export {};

const token = process.env['CMS_EDITOR_TOKEN'];
if (!token) {
  console.error('CMS_EDITOR_TOKEN is not set: it is the editors’ token the server was started with.');
  process.exit(2);
}
const base =
  process.env['PORTAL_URL'] ?? `http://${process.env['HOST'] ?? 'localhost'}:${process.env['PORT'] ?? '4321'}`;
const headers = { authorization: `Bearer ${token}` };

interface Run {
  id: string;
  trigger: string;
  result?: 'ok' | 'failed';
  durationMs?: number;
  error?: string;
}
const status = async () =>
  (
    (await (await fetch(`${base}/panda/public/cms/status`, { headers })).json()) as {
      _payload: { building: boolean; queued: boolean; runs: Run[] };
    }
  )._payload;

const before = new Set((await status()).runs.map((r) => r.id));
const res = await fetch(`${base}/panda/public/cms/rebuild`, { method: 'POST', headers });
if (res.status !== 202) {
  console.error(`The server refused: ${res.status} ${await res.text()}`);
  process.exit(1);
}
console.log('Rebuild queued; building…');
for (;;) {
  await new Promise((r) => setTimeout(r, 1000));
  const s = await status();
  const mine = s.runs.find((r) => !before.has(r.id) && r.trigger === 'rebuild by hand' && r.result);
  if (mine) {
    if (mine.result === 'ok') console.log(`Live: build ${mine.id} in ${((mine.durationMs ?? 0) / 1000).toFixed(1)} s.`);
    else console.error(`The build failed; the live site is unchanged.\n${mine.error ?? ''}`);
    process.exit(mine.result === 'ok' ? 0 : 1);
  }
}

import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { signIn } from './api.ts';

/** Members whose journeys the soak mixes (seeded demo members with an active SIM). */
const MEMBERS = [
  'active@example.com',
  'unlimited@example.com',
  'controls@example.com',
  'vault@example.com',
  'recruiter@example.com',
];

export interface Soak {
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p99: number;
  /** Resident memory of the server, MB, sampled every 10 s. */
  rssMb: number[];
  /** Median RSS of the last minute against the median of the second (after warm-up), in %. */
  growthPct: number;
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Mixed member journeys at `connections` for `seconds`: each connection is one of five members and
 * loops over the dashboard's reads (summary, SIMs, segments, notifications, transactions) and a write
 * (marketing permissions). Any error or non-2xx fails the soak; memory is sampled from /proc.
 */
export async function soak(base: string, pid: number, connections: number, seconds: number): Promise<Soak> {
  const members: Awaited<ReturnType<typeof signIn>>[] = [];
  for (const email of MEMBERS) {
    try {
      members.push(await signIn(base, email));
    } catch {
      /* a member the seed does not have: the others carry the load */
    }
  }
  if (members.length === 0) throw new Error('no demo member could sign in');
  const rssMb: number[] = [];
  const sampler = setInterval(() => rssMb.push(Math.round(rssOf(pid))), 10_000);
  let next = 0;
  let flip = false;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    // Each connection signs as one member; its requests walk that member's journey.
    setupClient: (client) => {
      const m = members[next++ % members.length]!;
      const user = `/panda/protected/users/${m.userId}`;
      client.setHeaders(m.headers);
      client.setRequests([
        { method: 'GET', path: `${user}/sims/${m.ssn}/balance/summary/current` },
        { method: 'GET', path: `${user}/sims/owned` },
        { method: 'GET', path: `${user}/segments` },
        { method: 'GET', path: `${user}/notification/inapp/summary` },
        { method: 'GET', path: `${user}/transactions` },
        {
          method: 'PUT',
          path: `${user}/marketing-permissions`,
          headers: { ...m.headers, 'content-type': 'application/json' },
          setupRequest: (req) => {
            flip = !flip;
            return {
              ...req,
              body: JSON.stringify({
                email: flip,
                sms: false,
                phone: false,
                post: false,
                social: !flip,
                social_preference: 'Snapchat',
              }),
            };
          },
        },
      ]);
    },
  });
  clearInterval(sampler);
  const warm = rssMb.slice(6, 12);
  const last = rssMb.slice(-6);
  const growthPct = warm.length && last.length ? ((median(last) - median(warm)) / median(warm)) * 100 : 0;
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rps: result.requests.average,
    p99: result.latency.p99,
    rssMb,
    growthPct,
  };
}

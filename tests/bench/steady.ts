import { Agent, request } from 'node:http';
import type { Target } from './api.ts';

/** What an open-loop load came to: latencies from each request's planned start, and what failed. */
export interface Steady {
  /** The rate offered (requests a second). */
  rate: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  non2xx: number;
  /** How late the generator sent, at its p99 (ms): a figure above a millisecond or two is the generator's, not the server's. */
  sendLagP99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * An open-loop load at a fixed rate (docs/performance.md "Latency at a steady load"): request i is
 * due at start + i / rate whatever the answers before it, and its latency is counted from then to its
 * answer's end, so a server that stalls is charged for the requests that waited behind it (no
 * coordinated omission: a closed loop would send fewer and report the few it sent). The targets go
 * in turn; at most `connections` are open, a request due while all are busy waits for one, its wait
 * counted. A second of warm-up at the same rate is not counted.
 */
export async function steadyLoad(
  base: string,
  rate: number,
  seconds: number,
  targets: Target[],
  { connections = 64, warmUpTargets = targets }: { connections?: number; warmUpTargets?: Target[] } = {},
): Promise<Steady> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = (t: Target) =>
    new Promise<number>((resolve) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: t.path,
          method: t.method ?? 'GET',
          headers: { ...t.headers, ...(t.body === undefined ? {} : { 'content-type': 'application/json' }) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(t.body);
    });
  const run = async (list: Target[], count: number, counted: boolean) => {
    const latencies: number[] = [];
    const lags: number[] = [];
    let errors = 0;
    let non2xx = 0;
    const inFlight: Promise<void>[] = [];
    const start = performance.now();
    let next = 0;
    while (next < count) {
      const now = performance.now();
      // Every request due by now goes out now (a timer's late wake sends the ones it owes at once).
      while (next < count && start + (next * 1000) / rate <= now) {
        const due = start + (next * 1000) / rate;
        if (counted) lags.push(now - due);
        const target = list[next % list.length]!;
        inFlight.push(
          send(target).then((status) => {
            if (!counted) return;
            latencies.push(performance.now() - due);
            if (status === 0) errors += 1;
            else if (status < 200 || status > 299) non2xx += 1;
          }),
        );
        next += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(inFlight);
    return { latencies, lags, errors, non2xx };
  };
  try {
    await run(warmUpTargets, Math.round(rate), false);
    const count = Math.round(rate * seconds);
    const { latencies, lags, errors, non2xx } = await run(targets, count, true);
    const sorted = latencies.sort((a, b) => a - b);
    const sendLagP99 = percentile(
      lags.sort((a, b) => a - b),
      99,
    );
    return {
      rate,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      p999: percentile(sorted, 99.9),
      errors,
      non2xx,
      sendLagP99,
    };
  } finally {
    agent.destroy();
  }
}

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the pool of the database says about itself (node-postgres' Pool; PGlite has none). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Prometheus metrics of one server process (docs/product/operations.md): request durations by route and
 * status, the database pool, the scheduled jobs, and Node's own (memory, event-loop lag, GC).
 * Routes are Hono's patterns (/panda/protected/users/:user_id/…), never raw paths, so the number
 * of series stays bounded whatever a client sends.
 */
export function createMetrics({ pool }: { pool?: PoolStats | undefined } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Runs of the scheduled jobs, by job and result',
    labelNames: ['job', 'result'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'How long a run of a scheduled job took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'Requests being answered now',
    registers: [registry],
  });
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of the database pool',
      registers: [registry],
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'portal_db_pool_idle',
      help: 'Idle connections of the database pool',
      registers: [registry],
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries waiting for a connection',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  return {
    registry,
    inFlight,
    /** One answered request. */
    request(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    /** One run of a scheduled job. */
    job(job: string, ok: boolean, seconds: number) {
      jobRuns.inc({ job, result: ok ? 'ok' : 'failed' });
      jobSeconds.observe({ job }, seconds);
    },
    /** The metrics page on its own listener (a private address: it is not for the public); says where. */
    listen(port: number, host: string, say: (line: string) => void = () => {}): Promise<Server> {
      const server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          say(`metrics on http://${host}:${(server.address() as AddressInfo).port}/metrics`);
          resolve(server);
        });
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

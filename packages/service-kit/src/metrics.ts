import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import type { Logger } from './logger.js';

/**
 * The process's Prometheus metrics (issue 13): one registry for the kit and the service. They are
 * served on a port of their own (METRICS_PORT), never the public one: the gateway's route table
 * does not reach them and the gateway's own are not on its public port either.
 */
export const metrics = new client.Registry();
client.collectDefaultMetrics({ register: metrics });

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP answers by route pattern, method and status, in seconds.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metrics],
});

/** A gauge read when Prometheus scrapes (a count in the database, a queue's depth…). */
export function defineScrapedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void>,
): void {
  if (metrics.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [metrics],
    async collect() {
      this.reset();
      try {
        await read((labels, value) => this.set(labels as never, value));
      } catch {
        // A dependency down at scrape time: the gauge is absent, readiness says why.
      }
    },
  });
}

export function defineCounter<L extends string>(name: string, help: string, labelNames: readonly L[]): client.Counter<L> {
  return (
    (metrics.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter({ name, help, labelNames, registers: [metrics] })
  );
}

export function defineHistogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
): client.Histogram<L> {
  return (
    (metrics.getSingleMetric(name) as client.Histogram<L> | undefined) ??
    new client.Histogram({ name, help, labelNames, buckets, registers: [metrics] })
  );
}

/** Serves GET /metrics on its own port (none when `port` is undefined). */
export async function startMetricsServer({
  port,
  host,
  log,
}: {
  port: number | undefined;
  host: string;
  log: Logger;
}): Promise<Server | undefined> {
  if (port === undefined) return undefined;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => {
        log.warn({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  log.info({ port: (server.address() as { port: number }).port }, 'metrics served');
  return server;
}

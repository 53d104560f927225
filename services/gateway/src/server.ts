import { ConfigError, exitOnConfigError, listenWithGrace, parseConfig, startMetricsServer } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

let config: ReturnType<typeof configSchema.parse>;
try {
  config = parseConfig('gateway', configSchema);
} catch (error) {
  if (error instanceof ConfigError) exitOnConfigError(error);
  throw error;
}
const app = await buildApp(config);
// On a port of its own: the gateway's public port never serves /metrics.
const metricsServer = await startMetricsServer({
  port: config.METRICS_PORT,
  host: config.METRICS_HOST ?? config.HOST,
  log: app.log as never,
});
await listenWithGrace(app, {
  host: config.HOST,
  port: config.PORT,
  log: app.log as never,
  deadlineMs: config.SHUTDOWN_DEADLINE_MS,
  // Requests in flight are bounded by the upstream timeout (8 s), below the deadline (10 s).
  phases: [
    [
      {
        name: 'metrics',
        run: async () => {
          metricsServer?.close();
          metricsServer?.closeIdleConnections();
        },
      },
      { name: 'HTTP requests in flight', run: () => app.close() },
    ],
  ],
});

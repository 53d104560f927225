import { ConfigError, exitOnConfigError, listenWithGrace, parseConfig } from '@bracelet/service-kit';
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
await listenWithGrace(app, { host: config.HOST, port: config.PORT, log: app.log as never, close: () => app.close() });

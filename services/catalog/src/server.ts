import { runService } from '@bracelet/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

// Catalog neither emits nor consumes events.
await runService({ name: 'catalog', configSchema, buildApp });

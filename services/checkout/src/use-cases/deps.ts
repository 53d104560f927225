import type { ServiceDeps } from '@bracelet/service-kit';
import type { Config } from '../config.js';

/** What checkout's routes and use cases receive: the service's opened dependencies. */
export type CheckoutDeps = ServiceDeps<Config>;

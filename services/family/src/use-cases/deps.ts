import type { ServiceDeps } from '@bracelet/service-kit';
import type { Config } from '../config.js';
import type { LoginThrottle } from '../login-throttle.js';

/** What family's use cases and routes receive: the service's opened dependencies and its login throttle. */
export type FamilyDeps = ServiceDeps<Config> & { loginThrottle: LoginThrottle };

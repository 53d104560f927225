import type { Logger } from '@bracelet/service-kit';
import type { Config } from '../config.js';
import { createLocalRelayPointProvider } from './local-provider.js';
import { createMondialRelayProvider } from './mondial-relay-provider.js';
import type { RelayPointProvider } from './provider.js';

/** RELAY_PROVIDER picks the implementation; the config has already required Mondial Relay's credentials. */
export function createRelayPointProvider(config: Config, log: Logger): RelayPointProvider {
  if (config.RELAY_PROVIDER === 'mondialrelay') {
    return createMondialRelayProvider(
      {
        enseigne: config.MONDIAL_RELAY_ENSEIGNE ?? '',
        privateKey: config.MONDIAL_RELAY_PRIVATE_KEY ?? '',
        url: config.MONDIAL_RELAY_URL,
        timeoutMs: config.MONDIAL_RELAY_TIMEOUT_MS,
      },
      log,
    );
  }
  return createLocalRelayPointProvider();
}

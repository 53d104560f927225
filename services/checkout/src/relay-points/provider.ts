import type { RelayPointCountry, RelayPointResult } from '@bracelet/contracts';

/**
 * The one way checkout searches relay points (the same shape as `payments/provider.ts`: the route
 * knows this type, never a carrier's protocol). Two implementations, chosen by RELAY_PROVIDER:
 * `local`, a shipped directory of demo points (offline default), and `mondialrelay`, the carrier's
 * point-search web service.
 */

export type RelayProviderName = 'local' | 'mondialrelay';

export type RelayPointSearch = { postcode: string; country: RelayPointCountry; limit: number };

/** A point as the picker shows it (spec §3 Relay point, plus country, distance and opening hours). */
export type RelayPoint = RelayPointResult;

export type RelayPointProvider = {
  name: RelayProviderName;
  /** Nearest first, at most `limit`; an empty list when nothing is known near that postcode. */
  searchRelayPoints(search: RelayPointSearch): Promise<RelayPoint[]>;
};

/** The carrier did not answer in time, or answered something that is not a list of points. */
export class RelayPointsUnavailableError extends Error {
  override name = 'RelayPointsUnavailableError';
}

import type { Logger } from '@bracelet/service-kit';
import { buildSearchEnvelope, buildSearchParameters, SEARCH_ACTION, signSearch } from './mondial-relay-request.js';
import { readSearchAnswer } from './mondial-relay-response.js';
import { type RelayPoint, type RelayPointProvider, type RelayPointSearch, RelayPointsUnavailableError } from './provider.js';

export type MondialRelaySettings = {
  enseigne: string;
  privateKey: string;
  /** Web_Services.asmx (overridable: a local fake in tests). */
  url: string;
  /** Under the page's 5 s (spec §9), so the buyer reads our message rather than a dead spinner. */
  timeoutMs: number;
};

/** The largest answer read: 7 points are a few tens of kilobytes. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** RELAY_PROVIDER=mondialrelay: the carrier's point search; any failure is RelayPointsUnavailableError. */
export function createMondialRelayProvider(settings: MondialRelaySettings, log: Logger): RelayPointProvider {
  const unavailable = (reason: string, details: Record<string, unknown> = {}) => {
    log.warn({ part: 'mondialrelay', ...details }, `relay-point search failed: ${reason}`);
    return new RelayPointsUnavailableError(reason);
  };

  return {
    name: 'mondialrelay',
    async searchRelayPoints({ postcode, country, limit }: RelayPointSearch): Promise<RelayPoint[]> {
      const parameters = buildSearchParameters({ enseigne: settings.enseigne, country, postcode, limit });
      const body = buildSearchEnvelope(parameters, signSearch(parameters, settings.privateKey));
      let xml: string;
      try {
        const response = await fetch(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SEARCH_ACTION}"` },
          body,
          // One deadline for connecting, waiting and reading the whole answer.
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        xml = await response.text();
        if (!response.ok) throw unavailable(`HTTP ${response.status}`);
        if (Buffer.byteLength(xml) > MAX_ANSWER_BYTES) throw unavailable('answer too large');
      } catch (error) {
        if (error instanceof RelayPointsUnavailableError) throw error;
        const name = (error as Error).name;
        throw unavailable(name === 'TimeoutError' ? `no answer within ${settings.timeoutMs} ms` : 'unreachable', { err: error });
      }
      const answer = readSearchAnswer(xml, country);
      if (!answer) throw unavailable('not a WSI4_PointRelais_Recherche answer');
      // STAT 0 is success; any other is one of the carrier's error codes (logged: a wrong key shows here).
      if (answer.stat !== '0') throw unavailable(`STAT ${answer.stat}`, { stat: answer.stat });
      return answer.points.slice(0, limit);
    },
  };
}

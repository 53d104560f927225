import { errorResponseSchema, relayPointsQuerySchema, relayPointsResponseSchema } from '@bracelet/contracts';
import { AppError, type HttpServer } from '@bracelet/service-kit';
import { createRelayPointProvider } from '../../relay-points/create-relay-point-provider.js';
import { type RelayPointProvider, RelayPointsUnavailableError } from '../../relay-points/provider.js';
import type { CheckoutDeps } from '../../use-cases/deps.js';

/** The picker shows 7 points (spec §9). */
const RESULTS = 7;

/**
 * GET /relay_points: the shop's own relay-point picker asks here instead of loading the carrier's
 * widget (no third-party script, CSP 'self'). Public, like the shop; limited per client address
 * since each search may cost a call to the carrier.
 */
export function registerRelayPointRoutes(
  app: HttpServer,
  deps: CheckoutDeps,
  provider: RelayPointProvider = createRelayPointProvider(deps.config, deps.log),
): void {
  app.get(
    '/relay_points',
    {
      config: { rateLimit: { max: deps.config.RELAY_POINTS_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        querystring: relayPointsQuerySchema,
        response: { 200: relayPointsResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const { postcode, country } = request.query;
      try {
        return await provider.searchRelayPoints({ postcode, country, limit: RESULTS });
      } catch (error) {
        if (error instanceof RelayPointsUnavailableError)
          throw new AppError(503, 'relay_points_unavailable', 'Le service de points relais ne répond pas. Veuillez réessayer.');
        throw error;
      }
    },
  );
}

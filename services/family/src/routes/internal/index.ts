import { type HttpServer, identitySchema } from '@bracelet/service-kit';
import { z } from 'zod';
import { createSessionRepository } from '../../db/sessions.repository.js';
import type { FamilyDeps } from '../context.js';

/**
 * Session resolution for the gateway. Not in the gateway's route table: reachable only from
 * inside the deployment (services listen on a private address; NetworkPolicies in production).
 */
export function registerInternalRoutes(app: HttpServer, { db }: FamilyDeps): void {
  const sessions = createSessionRepository(db);
  app.post(
    '/internal/sessions/resolve',
    {
      logLevel: 'warn',
      schema: {
        body: z.object({ sessionId: z.string().min(1).max(200) }),
        response: { 200: z.object({ identity: identitySchema.nullable() }) },
      },
    },
    async (request) => {
      const session = await sessions.resolve(request.body.sessionId);
      return { identity: session ?? null };
    },
  );
}

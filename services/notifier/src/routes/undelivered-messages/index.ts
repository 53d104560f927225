import { errorResponseSchema, undeliveredMessagesSchema } from '@bracelet/contracts';
import { type HttpServer, identitySecretsOf, requireIdentity, type ServiceDeps } from '@bracelet/service-kit';
import type { Config } from '../../config.js';
import { createOutboundMessageRepository } from '../../db/outbound-messages.repository.js';

/** The newest given up on: the ones staff still have to act on (call the family, fix the address). */
const LISTED = 100;

/** The back office's view of messages that could not be delivered (staff only: 401, 403 before anything is read). */
export function registerUndeliveredMessageRoutes(app: HttpServer, { db, config }: ServiceDeps<Config>): void {
  const secrets = identitySecretsOf(config);
  const messages = createOutboundMessageRepository(db);
  app.get(
    '/undelivered_messages',
    {
      onRequest: async (request) => {
        requireIdentity(request, secrets, 'staff');
      },
      schema: { response: { 200: undeliveredMessagesSchema, 401: errorResponseSchema, 403: errorResponseSchema } },
    },
    async () => {
      const { undelivered, total, retrying, stuck } = await messages.listUndelivered(LISTED);
      return {
        total,
        retrying,
        stuck,
        undelivered: undelivered.map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          given_up_at: row.given_up_at.toISOString(),
        })),
      };
    },
  );
}

import { identitySecretsOf, requireIdentity, type ServiceDeps } from '@bracelet/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The back office's guard: an onRequest hook refusing anyone but staff before anything is read
 * (401 anonymous, 403 a parent), and the calling staff member's id for what they change.
 */
export function staffGuard(config: ServiceDeps<Config>['config']) {
  const secrets = identitySecretsOf(config);
  return {
    staffOnly: async (request: FastifyRequest) => {
      requireIdentity(request, secrets, 'staff');
    },
    staffId: (request: FastifyRequest) => requireIdentity(request, secrets, 'staff').accountId,
  };
}

import { AppError, forbidden, type Identity, requireIdentity, type ServiceDeps } from '@bracelet/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { LoginThrottle } from '../login-throttle.js';

export type FamilyDeps = ServiceDeps<Config> & { loginThrottle: LoginThrottle };

export { SESSION_COOKIE } from '@bracelet/contracts';

/** The logged-in parent, or 401/403. */
export function parentOf(request: FastifyRequest, deps: FamilyDeps): Identity {
  return requireIdentity(request, deps.config.IDENTITY_SECRET, 'parent');
}

/** A parent may only name their own parent id. */
export function assertSameParent(identity: Identity, parentId: string): void {
  if (identity.accountId !== parentId) throw forbidden();
}

export const notYours = (message = 'Ressource introuvable.') => new AppError(404, 'not_found', message);

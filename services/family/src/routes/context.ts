import { forbidden, type Identity, identitySecretsOf, requireIdentity } from '@bracelet/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FamilyDeps } from '../use-cases/deps.js';

export { SESSION_COOKIE } from '@bracelet/contracts';
export type { FamilyDeps } from '../use-cases/deps.js';

/** The logged-in parent, or 401/403. */
export function parentOf(request: FastifyRequest, deps: FamilyDeps): Identity {
  return requireIdentity(request, identitySecretsOf(deps.config), 'parent');
}

/** A parent may only name their own parent id. */
export function assertSameParent(identity: Identity, parentId: string): void {
  if (identity.accountId !== parentId) throw forbidden();
}

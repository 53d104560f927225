import { encodeIdentity, type Identity, identitySchema } from '@bracelet/service-kit';
import { z } from 'zod';

const resolveAnswer = z.object({ identity: identitySchema.nullable() });

export class IdentityUnavailableError extends Error {}

/**
 * Resolves a session cookie with family, which owns sessions. An unknown or expired session is
 * anonymous; family being unreachable is an error (503), not a silent logout.
 */
export function createIdentityResolver({ familyUrl, secret }: { familyUrl: string; secret: string }) {
  const endpoint = new URL('/internal/sessions/resolve', familyUrl).toString();
  return {
    async resolve(sessionId: string): Promise<Identity | undefined> {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId }),
          signal: AbortSignal.timeout(3000),
        });
      } catch (error) {
        throw new IdentityUnavailableError(String(error));
      }
      if (response.status === 400) return undefined; // a malformed cookie
      if (!response.ok) throw new IdentityUnavailableError(`family answered ${response.status}`);
      return resolveAnswer.parse(await response.json()).identity ?? undefined;
    },
    sign: (identity: Identity) => encodeIdentity(identity, secret),
  };
}

/**
 * The signed identity to pass on for a session cookie, or undefined for an anonymous visitor.
 * Throws IdentityUnavailableError when family cannot say.
 */
export async function signedIdentityOf(resolver: IdentityResolver, sessionId: string | undefined): Promise<string | undefined> {
  if (!sessionId) return undefined;
  const resolved = await resolver.resolve(sessionId);
  return resolved ? resolver.sign(resolved) : undefined;
}
export type IdentityResolver = ReturnType<typeof createIdentityResolver>;

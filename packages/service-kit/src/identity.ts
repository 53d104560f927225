import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Who is calling. The gateway resolves the session cookie with family (which owns sessions) and
 * passes the result to the owning service in a signed header; services never see the cookie's
 * meaning and never trust an unsigned identity.
 */
export const identitySchema = z.object({ accountId: z.uuid(), role: z.enum(['parent', 'staff']) });
export type Identity = z.infer<typeof identitySchema>;

export const IDENTITY_HEADER = 'x-identity';

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeIdentity(identity: Identity, secret: string): string {
  const payload = Buffer.from(JSON.stringify(identity)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The key (or, during a rotation, the keys) a service accepts identities signed with. */
export type IdentitySecrets = string | readonly string[];

/** The keys a service accepts: its IDENTITY_SECRET, and IDENTITY_SECRET_ALT while a rotation is under way. */
export const identitySecretsOf = (config: { IDENTITY_SECRET: string; IDENTITY_SECRET_ALT?: string | undefined }): string[] =>
  config.IDENTITY_SECRET_ALT ? [config.IDENTITY_SECRET, config.IDENTITY_SECRET_ALT] : [config.IDENTITY_SECRET];

const signedWithOneOf = (payload: string, signature: string, secrets: IdentitySecrets) => {
  const given = Buffer.from(signature);
  return (typeof secrets === 'string' ? [secrets] : secrets).some((secret) => {
    const expected = Buffer.from(sign(payload, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
};

export function decodeIdentity(header: string | undefined, secrets: IdentitySecrets): Identity | undefined {
  if (!header) return undefined;
  const [payload, signature] = header.split('.');
  if (!payload || !signature) return undefined;
  if (!signedWithOneOf(payload, signature, secrets)) return undefined;
  try {
    const parsed = identitySchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Veuillez vous connecter.');
export const forbidden = () => new AppError(403, 'forbidden', 'Accès refusé.');

/** Reads the caller's identity from the signed header; undefined for an anonymous caller. */
export function identityOf(request: FastifyRequest, secret: IdentitySecrets): Identity | undefined {
  const header = request.headers[IDENTITY_HEADER];
  return decodeIdentity(typeof header === 'string' ? header : undefined, secret);
}

/** The caller's identity, or 401 (anonymous) / 403 (wrong role). */
export function requireIdentity(request: FastifyRequest, secret: IdentitySecrets, role?: Identity['role']): Identity {
  const identity = identityOf(request, secret);
  if (!identity) throw unauthenticated();
  if (role && identity.role !== role) throw forbidden();
  return identity;
}

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

export function decodeIdentity(header: string | undefined, secret: string): Identity | undefined {
  if (!header) return undefined;
  const [payload, signature] = header.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
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
export function identityOf(request: FastifyRequest, secret: string): Identity | undefined {
  const header = request.headers[IDENTITY_HEADER];
  return decodeIdentity(typeof header === 'string' ? header : undefined, secret);
}

/** The caller's identity, or 401 (anonymous) / 403 (wrong role). */
export function requireIdentity(request: FastifyRequest, secret: string, role?: Identity['role']): Identity {
  const identity = identityOf(request, secret);
  if (!identity) throw unauthenticated();
  if (role && identity.role !== role) throw forbidden();
  return identity;
}

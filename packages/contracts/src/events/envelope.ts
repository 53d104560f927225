import { z } from 'zod';

/** Fields every event carries, whatever its name. */
const eventEnvelope = {
  eventId: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
  /** The request that caused it (the gateway's x-request-id), so one scan can be followed through every log. */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
};

/** Builds an event schema: a literal name, the envelope, and the payload fields. */
export function defineEvent<const N extends string, const S extends z.ZodRawShape>(name: N, payload: S) {
  return z.object({ name: z.literal(name), ...eventEnvelope, ...payload });
}

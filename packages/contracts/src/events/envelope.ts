import { z } from 'zod';

/** Fields every event carries, whatever its name. */
const eventEnvelope = {
  eventId: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
};

/** Builds an event schema: a literal name, the envelope, and the payload fields. */
export function defineEvent<const N extends string, const S extends z.ZodRawShape>(name: N, payload: S) {
  return z.object({ name: z.literal(name), ...eventEnvelope, ...payload });
}

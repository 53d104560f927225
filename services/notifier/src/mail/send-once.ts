import type { Pool } from '@bracelet/service-kit';
import { createOutboundMessageRepository } from '../db/outbound-messages.repository.js';
import type { Mail, Mailer } from './mailer.js';

/**
 * Sends a message at most once per event and recipient. The claim is committed before the
 * transport is called; a transport error releases it for the job's retry, while a worker that
 * dies mid-send leaves it claimed (never sent twice, at the cost of possibly never sent).
 */
export async function sendMailOnce(
  db: Pool,
  mailer: Mailer,
  { eventId, template, mail }: { eventId: string; template: string; mail: Mail },
): Promise<boolean> {
  const messages = createOutboundMessageRepository(db);
  const message = { eventId, channel: 'email' as const, recipient: mail.to, template };
  if (!(await messages.claim(message))) return false;
  try {
    await mailer.send(mail);
  } catch (error) {
    await messages.markFailed(message);
    throw error;
  }
  await messages.markSent(message);
  return true;
}

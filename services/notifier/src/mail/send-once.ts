import { defineCounter, type Pool } from '@bracelet/service-kit';
import { createOutboundMessageRepository, type OutboundMessage } from '../db/outbound-messages.repository.js';
import type { SmsProvider } from '../sms/provider.js';
import type { Mail, Mailer } from './mailer.js';

/** Mails and SMS sent, and transport failures (each failure is retried by the event's job). */
const messagesTotal = defineCounter('notifier_messages_total', 'Messages handed to the mail or SMS transport, by outcome.', [
  'channel',
  'template',
  'outcome',
]);

/**
 * Sends a message at most once per event, channel and recipient. The claim is committed before
 * the transport is called; a transport error releases it for the job's retry, while a worker that
 * dies mid-send leaves it claimed (never sent twice, at the cost of possibly never sent).
 */
async function sendOnce(db: Pool, message: OutboundMessage, send: () => Promise<void>): Promise<boolean> {
  const messages = createOutboundMessageRepository(db);
  if (!(await messages.claim(message))) return false;
  const labels = { channel: message.channel, template: message.template };
  try {
    await send();
  } catch (error) {
    messagesTotal.inc({ ...labels, outcome: 'failed' });
    await messages.markFailed(message);
    throw error;
  }
  messagesTotal.inc({ ...labels, outcome: 'sent' });
  await messages.markSent(message);
  return true;
}

export function sendMailOnce(
  db: Pool,
  mailer: Mailer,
  { eventId, template, mail }: { eventId: string; template: string; mail: Mail },
): Promise<boolean> {
  return sendOnce(db, { eventId, channel: 'email', recipient: mail.to, template }, () => mailer.send(mail));
}

export function sendSmsOnce(
  db: Pool,
  sms: SmsProvider,
  { eventId, template, to, text }: { eventId: string; template: string; to: string; text: string },
): Promise<boolean> {
  return sendOnce(db, { eventId, channel: 'sms', recipient: to, template }, () => sms.send(to, text));
}

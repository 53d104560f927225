import { createHash } from 'node:crypto';
import { defineCounter, type Logger, type Pool, TimeoutError, withTimeout } from '@bracelet/service-kit';
import { createOutboundMessageRepository, type OutboundMessage } from '../db/outbound-messages.repository.js';
import type { SmsProvider } from '../sms/provider.js';
import type { Mail, Mailer } from './mailer.js';

/**
 * Mails and SMS handed to their transport ('sent'), refused with a retry to come ('failed'), and
 * refused on their last try ('undelivered': staff see them in the back office).
 */
const messagesTotal = defineCounter('notifier_messages_total', 'Messages handed to the mail or SMS transport, by outcome.', [
  'channel',
  'template',
  'outcome',
]);

/**
 * The longest a live worker may spend handing one message to its transport (the transports' own
 * timeouts are shorter: mailer.ts, the SMS providers). A claim older than the lease can only be
 * a dead worker's, so the lease must stay well above it (ADR 015).
 */
export const SEND_DEADLINE_MS = 20_000;
export const DEFAULT_CLAIM_LEASE_SECONDS = 60;

/** Another worker holds a live claim on the message: the job is retried later (backoff), not dropped. */
export class MessageInFlightError extends Error {
  override name = 'MessageInFlightError';
}

type OutboundOptions = { mailer: Mailer; sms: SmsProvider; claimLeaseSeconds?: number; sendDeadlineMs?: number };

/** The job's context: its database, its log, and whether this is its last try (the kit's consumer). */
export type SendContext = { db: Pool; log: Logger; lastAttempt?: boolean };

/** What staff read of a transport's refusal: its message, short, one line. */
const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

/**
 * Sends each message once per event, channel and recipient. The claim is committed before the
 * transport is called; a transport error releases it for the job's retry, and a worker that dies
 * mid-send leaves a claim that another takes over once its lease has passed. The only window for
 * a second copy is a death between the provider's acceptance and the 'sent' mark; e-mails then
 * carry the same Message-ID (one per event and recipient), which mail services fold into one.
 */
export function createOutbound({
  mailer,
  sms,
  claimLeaseSeconds = DEFAULT_CLAIM_LEASE_SECONDS,
  sendDeadlineMs = SEND_DEADLINE_MS,
}: OutboundOptions) {
  async function sendOnce({ db, log, lastAttempt }: SendContext, message: OutboundMessage, send: () => Promise<void>): Promise<boolean> {
    const messages = createOutboundMessageRepository(db);
    const claim = await messages.claim(message, claimLeaseSeconds);
    if (claim.kind === 'settled') return false;
    if (claim.kind === 'in-flight') throw new MessageInFlightError(`${message.channel} ${message.template} is not ours to send now`);
    const { token } = claim;
    const labels = { channel: message.channel, template: message.template };
    try {
      await withTimeout(send(), sendDeadlineMs, `${message.channel} transport`);
    } catch (error) {
      messagesTotal.inc({ ...labels, outcome: lastAttempt ? 'undelivered' : 'failed' });
      if (lastAttempt) {
        // Out of tries: kept as undelivered for staff (back office, metric, this error line), and
        // the job ends here rather than in a failed set nobody reads.
        await messages.markUndelivered(message, token, describeError(error));
        log.error({ err: error, channel: message.channel, template: message.template }, 'message undelivered after its last try');
        return false;
      }
      // A send past its deadline may still go through (the transport is not cancelled): its
      // claim stays until the lease has passed, so a retry cannot send a second copy meanwhile.
      if (error instanceof TimeoutError) await messages.noteError(message, token, describeError(error));
      else await messages.markFailed(message, token, describeError(error));
      throw error;
    }
    messagesTotal.inc({ ...labels, outcome: 'sent' });
    await messages.markSent(message, token);
    return true;
  }

  return {
    mail(context: SendContext, { eventId, template, mail }: { eventId: string; template: string; mail: Mail }): Promise<boolean> {
      const messageId = messageIdOf(eventId, template, mail.to);
      return sendOnce(context, { eventId, channel: 'email', recipient: mail.to, template }, () => mailer.send({ ...mail, messageId }));
    },
    sms(
      context: SendContext,
      { eventId, template, to, text }: { eventId: string; template: string; to: string; text: string },
    ): Promise<boolean> {
      return sendOnce(context, { eventId, channel: 'sms', recipient: to, template }, () => sms.send(to, text));
    },
  };
}

/** One Message-ID per event, template and recipient: a copy sent again is the same message. */
export function messageIdOf(eventId: string, template: string, recipient: string): string {
  const recipientHash = createHash('sha256').update(recipient.toLowerCase()).digest('hex').slice(0, 16);
  return `<${eventId}.${template}.${recipientHash}@notifier.bracelet-qr.fr>`;
}

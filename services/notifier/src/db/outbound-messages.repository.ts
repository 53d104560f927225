import type { Queryable } from '@bracelet/service-kit';

export type OutboundMessage = { eventId: string; channel: 'email' | 'sms'; recipient: string; template: string };

/** What a claim found: ours to send, already sent, or being sent by another worker right now. */
export type Claim = 'claimed' | 'sent' | 'in-flight';

export function createOutboundMessageRepository(db: Queryable) {
  return {
    /**
     * Claims the right to send, committed on its own before the transport is called: granted if
     * the message was never attempted, its last attempt failed, or its claim is older than the
     * lease (its sender died mid-send). A live claim of another worker answers 'in-flight'.
     */
    async claim(message: OutboundMessage, leaseSeconds: number): Promise<Claim> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status, claimed_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', now())
         ON CONFLICT (event_id, channel, recipient) DO UPDATE SET status = 'pending', claimed_at = now()
           WHERE outbound_messages.status = 'failed'
              OR (outbound_messages.status = 'pending' AND outbound_messages.claimed_at < now() - make_interval(secs => $6))
         RETURNING id`,
        [globalThis.crypto.randomUUID(), message.eventId, message.channel, message.recipient, message.template, leaseSeconds],
      );
      if (rows.length === 1) return 'claimed';
      const { rows: current } = await db.query<{ status: string }>(
        'SELECT status FROM outbound_messages WHERE event_id = $1 AND channel = $2 AND recipient = $3',
        [message.eventId, message.channel, message.recipient],
      );
      return current[0]?.status === 'sent' ? 'sent' : 'in-flight';
    },

    async markSent(message: OutboundMessage): Promise<void> {
      await db.query(
        "UPDATE outbound_messages SET status = 'sent', sent_at = now() WHERE event_id = $1 AND channel = $2 AND recipient = $3",
        [message.eventId, message.channel, message.recipient],
      );
    },

    async markFailed(message: OutboundMessage): Promise<void> {
      await db.query("UPDATE outbound_messages SET status = 'failed' WHERE event_id = $1 AND channel = $2 AND recipient = $3", [
        message.eventId,
        message.channel,
        message.recipient,
      ]);
    },
  };
}

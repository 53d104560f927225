import type { Queryable } from '@bracelet/service-kit';

export type OutboundMessage = { eventId: string; channel: 'email' | 'sms'; recipient: string; template: string };

export function createOutboundMessageRepository(db: Queryable) {
  return {
    /**
     * Claims the right to send: true if this message was never attempted, or its last attempt
     * failed before reaching the transport. Committed on its own, before sending.
     */
    async claim(message: OutboundMessage): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status)
         VALUES ($1, $2, $3, $4, $5, 'pending')
         ON CONFLICT (event_id, channel, recipient) DO UPDATE SET status = 'pending'
           WHERE outbound_messages.status = 'failed'
         RETURNING id`,
        [globalThis.crypto.randomUUID(), message.eventId, message.channel, message.recipient, message.template],
      );
      return rows.length === 1;
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

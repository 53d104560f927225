import type { Queryable } from '@bracelet/service-kit';

export type OutboundMessage = { eventId: string; channel: 'email' | 'sms'; recipient: string; template: string };

export type UndeliveredMessage = {
  id: string;
  channel: 'email' | 'sms';
  template: string;
  recipient: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  given_up_at: Date;
};

/** What a claim found: ours to send, settled (sent, or undelivered after its last try), or being sent by another worker right now. */
export type Claim = 'claimed' | 'settled' | 'in-flight';

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
         ON CONFLICT (event_id, channel, recipient) DO UPDATE
           SET status = 'pending', claimed_at = now(), attempts = outbound_messages.attempts + 1
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
      return current[0]?.status === 'pending' ? 'in-flight' : 'settled';
    },

    async markSent(message: OutboundMessage): Promise<void> {
      await db.query(
        "UPDATE outbound_messages SET status = 'sent', sent_at = now() WHERE event_id = $1 AND channel = $2 AND recipient = $3",
        [message.eventId, message.channel, message.recipient],
      );
    },

    /** The transport refused or did not answer: tried again by the job's next attempt. */
    async markFailed(message: OutboundMessage, error: string): Promise<void> {
      await db.query(
        "UPDATE outbound_messages SET status = 'failed', last_error = $4 WHERE event_id = $1 AND channel = $2 AND recipient = $3",
        [message.eventId, message.channel, message.recipient, error],
      );
    },

    /** The last try failed: kept for staff to see and act on, never tried again on its own. */
    async markUndelivered(message: OutboundMessage, error: string): Promise<void> {
      await db.query(
        `UPDATE outbound_messages SET status = 'undelivered', last_error = $4, given_up_at = now()
         WHERE event_id = $1 AND channel = $2 AND recipient = $3`,
        [message.eventId, message.channel, message.recipient, error],
      );
    },

    /** The back office's list: the latest messages given up on, and how many are being retried. */
    async listUndelivered(limit: number): Promise<{ undelivered: UndeliveredMessage[]; retrying: number }> {
      const [given, retrying] = await Promise.all([
        db.query<UndeliveredMessage>(
          `SELECT id, channel, template, recipient, attempts, last_error, created_at, given_up_at
           FROM outbound_messages WHERE status = 'undelivered' ORDER BY given_up_at DESC LIMIT $1`,
          [limit],
        ),
        db.query<{ count: string }>("SELECT count(*) FROM outbound_messages WHERE status = 'failed'"),
      ]);
      return { undelivered: given.rows, retrying: Number(retrying.rows[0]?.count ?? 0) };
    },
  };
}

import { hostname } from 'node:os';
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

/**
 * What a claim found: ours to send (with the token that proves it), settled (sent, or undelivered
 * after its last try), or not ours now (another worker's live claim, or a failure whose own job
 * has not retried yet): the job tries again later.
 */
export type Claim = { kind: 'claimed'; token: string } | { kind: 'settled' } | { kind: 'in-flight' };

/** This process, as a claim names its holder. */
const worker = `${hostname()}:${process.pid}`;

/** A pending claim older than this has neither been sent nor released: staff are told (back office). */
const STUCK_AFTER = '10 minutes';

export function createOutboundMessageRepository(db: Queryable) {
  /** Records how a send ended, if the claim is still this worker's (a takeover may have happened). */
  const settle = (message: OutboundMessage, token: string, set: string, values: unknown[] = []) =>
    db.query(
      `UPDATE outbound_messages SET ${set}
       WHERE event_id = $1 AND channel = $2 AND recipient = $3 AND claim_id = $4 AND status = 'pending'`,
      [message.eventId, message.channel, message.recipient, token, ...values],
    );

  return {
    /**
     * Claims the right to send, committed on its own before the transport is called: granted if
     * the message was never attempted, its last attempt failed, or its claim is older than the
     * lease (its sender died mid-send).
     */
    async claim(message: OutboundMessage, leaseSeconds: number): Promise<Claim> {
      const token = globalThis.crypto.randomUUID();
      const { rows } = await db.query<{ claim_id: string }>(
        `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status, claimed_at, claim_id, claimed_by)
         VALUES ($1, $2, $3, $4, $5, 'pending', now(), $7, $8)
         ON CONFLICT (event_id, channel, recipient) DO UPDATE
           SET status = 'pending', claimed_at = now(), claim_id = EXCLUDED.claim_id, claimed_by = EXCLUDED.claimed_by,
               attempts = outbound_messages.attempts + 1
           WHERE outbound_messages.status = 'failed'
              OR (outbound_messages.status = 'pending' AND outbound_messages.claimed_at < now() - make_interval(secs => $6))
         RETURNING claim_id`,
        [
          globalThis.crypto.randomUUID(),
          message.eventId,
          message.channel,
          message.recipient,
          message.template,
          leaseSeconds,
          token,
          worker,
        ],
      );
      if (rows[0]?.claim_id === token) return { kind: 'claimed', token };
      const { rows: current } = await db.query<{ status: string }>(
        'SELECT status FROM outbound_messages WHERE event_id = $1 AND channel = $2 AND recipient = $3',
        [message.eventId, message.channel, message.recipient],
      );
      const status = current[0]?.status;
      return status === 'sent' || status === 'undelivered' ? { kind: 'settled' } : { kind: 'in-flight' };
    },

    async markSent(message: OutboundMessage, token: string): Promise<void> {
      await settle(message, token, "status = 'sent', sent_at = now()");
    },

    /** The transport refused: tried again by the job's next attempt. */
    async markFailed(message: OutboundMessage, token: string, error: string): Promise<void> {
      await settle(message, token, "status = 'failed', last_error = $5", [error]);
    },

    /** The last try failed: kept for staff to see and act on, never tried again on its own. */
    async markUndelivered(message: OutboundMessage, token: string, error: string): Promise<void> {
      await settle(message, token, "status = 'undelivered', last_error = $5, given_up_at = now()", [error]);
    },

    /** Only the error: the claim stays pending (a send that overran its deadline may still go). */
    async noteError(message: OutboundMessage, token: string, error: string): Promise<void> {
      await db.query(
        `UPDATE outbound_messages SET last_error = $5
         WHERE event_id = $1 AND channel = $2 AND recipient = $3 AND claim_id = $4 AND status = 'pending'`,
        [message.eventId, message.channel, message.recipient, token, error],
      );
    },

    /**
     * The back office's list: the latest messages given up on, how many there are, how many are
     * failing and being retried, and how many claims are stuck (neither sent nor released).
     */
    async listUndelivered(limit: number): Promise<{ undelivered: UndeliveredMessage[]; total: number; retrying: number; stuck: number }> {
      const [given, counts] = await Promise.all([
        db.query<UndeliveredMessage>(
          `SELECT id, channel, template, recipient, attempts, last_error, created_at, given_up_at
           FROM outbound_messages WHERE status = 'undelivered' ORDER BY given_up_at DESC LIMIT $1`,
          [limit],
        ),
        db.query<{ total: string; retrying: string; stuck: string }>(
          `SELECT (SELECT count(*) FROM outbound_messages WHERE status = 'undelivered') AS total,
                  (SELECT count(*) FROM outbound_messages WHERE status = 'failed') AS retrying,
                  (SELECT count(*) FROM outbound_messages WHERE status = 'pending' AND claimed_at < now() - interval '${STUCK_AFTER}') AS stuck`,
        ),
      ]);
      const row = counts.rows[0];
      return {
        undelivered: given.rows,
        total: Number(row?.total ?? 0),
        retrying: Number(row?.retrying ?? 0),
        stuck: Number(row?.stuck ?? 0),
      };
    },
  };
}

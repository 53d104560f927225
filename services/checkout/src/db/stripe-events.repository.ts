import type { Queryable } from '@bracelet/service-kit';

export type StripeEventOutcome = 'paid' | 'mismatch' | 'declined' | 'refunded' | 'ignored';

/** The Stripe events received, each once (Stripe delivers at least once). */
export function createStripeEventRepository(db: Queryable) {
  return {
    /**
     * Keeps the event's id; false if it was already kept. Inside the transaction that applies it, a
     * concurrent redelivery waits on the id and then finds it taken.
     */
    async claim(event: { id: string; type: string; paymentIntentId: string | null }): Promise<boolean> {
      const { rowCount } = await db.query(
        "INSERT INTO stripe_events (id, type, payment_intent_id, outcome) VALUES ($1, $2, $3, 'ignored') ON CONFLICT (id) DO NOTHING",
        [event.id, event.type, event.paymentIntentId],
      );
      return rowCount === 1;
    },

    async setOutcome(eventId: string, outcome: StripeEventOutcome): Promise<void> {
      await db.query('UPDATE stripe_events SET outcome = $2 WHERE id = $1', [eventId, outcome]);
    },
  };
}

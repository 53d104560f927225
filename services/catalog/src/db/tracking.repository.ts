import { randomUUID } from 'node:crypto';
import type { Queryable } from '@bracelet/service-kit';

export type Attribution = { source: string | null; medium: string | null; campaign: string | null; referrer: string | null };
export type CartLine = { code: string; name: string; image?: string; color: string; quantity: number; price: number };

/** The shop's own measures: visits, pre-sale contacts, cart events. */
export function createTrackingRepository(db: Queryable) {
  return {
    /** A visit, once per visit id (a page reload does not count twice). */
    async recordVisit(visit: Attribution & { visitId: string; visitorId: string }): Promise<void> {
      await db.query(
        `INSERT INTO visits (visit_id, visitor_id, source, medium, campaign, referrer) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (visit_id) DO NOTHING`,
        [visit.visitId, visit.visitorId, visit.source, visit.medium, visit.campaign, visit.referrer],
      );
    },

    /** A pre-sale contact; false if the address (in any case) is already registered. */
    async addContact(contact: Attribution & { email: string; visitId: string | null; visitorId: string | null }): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO landing_contacts (id, email, visit_id, visitor_id, source, medium, campaign, referrer)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ((lower(email))) DO NOTHING`,
        [
          randomUUID(),
          contact.email,
          contact.visitId,
          contact.visitorId,
          contact.source,
          contact.medium,
          contact.campaign,
          contact.referrer,
        ],
      );
      return rowCount === 1;
    },

    async recordCartEvent(event: { sessionId: string; status: string; cartItems: CartLine[] }): Promise<void> {
      await db.query('INSERT INTO cart_events (id, session_id, status, cart_items) VALUES ($1, $2, $3, $4)', [
        randomUUID(),
        event.sessionId,
        event.status,
        JSON.stringify(event.cartItems),
      ]);
    },

    /** Visits are kept 13 months (CNIL), then deleted. */
    /**
     * Deletes up to `batch` visits past the retention (small statements, each well within the
     * statement deadline, whatever the backlog). One replica at a time: the others' statements
     * find the lock taken and delete nothing.
     */
    async deleteVisitsOlderThan(months: number, batch: number): Promise<number> {
      const { rowCount } = await db.query(
        `WITH purge_lock AS (SELECT pg_try_advisory_xact_lock(hashtext('catalog.visits purge')) AS held)
         DELETE FROM visits
         WHERE visit_id IN (SELECT visit_id FROM visits WHERE visited_at < now() - make_interval(months => $1) ORDER BY visited_at LIMIT $2)
           AND (SELECT held FROM purge_lock)`,
        [months, batch],
      );
      return rowCount ?? 0;
    },
  };
}

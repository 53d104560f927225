import type { EventOf } from '@bracelet/contracts';
import type { Queryable } from '@bracelet/service-kit';

type ChildCard = EventOf<'bracelet.associated'>['child'];
type EmergencyContact = EventOf<'bracelet.associated'>['emergencyContact'];
type ParentContact = EventOf<'bracelet.associated'>['parent'];

export type ScanCard = {
  braceletId: string;
  configured: boolean;
  parent: ParentContact | null;
  child: ChildCard | null;
  emergencyContact: EmergencyContact | null;
};

export function createScanCardRepository(db: Queryable) {
  return {
    async findByBraceletId(braceletId: string, tx: Queryable = db): Promise<ScanCard | undefined> {
      const { rows } = await tx.query<{
        bracelet_id: string;
        configured: boolean;
        parent_contact: ParentContact | null;
        child: ChildCard | null;
        emergency_contact: EmergencyContact | null;
      }>('SELECT bracelet_id, configured, parent_contact, child, emergency_contact FROM scan_cards WHERE bracelet_id = $1', [braceletId]);
      const row = rows[0];
      if (!row) return undefined;
      return {
        braceletId: row.bracelet_id,
        configured: row.configured,
        parent: row.parent_contact,
        child: row.child,
        emergencyContact: row.emergency_contact,
      };
    },

    async addMinted(braceletIds: string[], tx: Queryable = db): Promise<void> {
      await tx.query('INSERT INTO scan_cards (bracelet_id) SELECT unnest($1::text[]) ON CONFLICT (bracelet_id) DO NOTHING', [braceletIds]);
    },

    async configure(
      card: { braceletId: string; parent: ParentContact; child: ChildCard; emergencyContact: EmergencyContact },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO scan_cards (bracelet_id, configured, parent_id, parent_contact, child_id, child, emergency_contact, updated_at)
         VALUES ($1, true, $2, $3, $4, $5, $6, now())
         ON CONFLICT (bracelet_id) DO UPDATE SET configured = true, parent_id = $2, parent_contact = $3,
           child_id = $4, child = $5, emergency_contact = $6, updated_at = now()`,
        [card.braceletId, card.parent.id, card.parent, card.child.id, card.child, card.emergencyContact],
      );
    },

    async reset(braceletId: string, tx: Queryable = db): Promise<void> {
      await tx.query(
        `UPDATE scan_cards SET configured = false, parent_id = NULL, parent_contact = NULL, child_id = NULL,
           child = NULL, emergency_contact = NULL, updated_at = now() WHERE bracelet_id = $1`,
        [braceletId],
      );
    },

    async updateChild(
      update: { parent: ParentContact; child: ChildCard; emergencyContact: EmergencyContact },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        'UPDATE scan_cards SET parent_contact = $2, child = $3, emergency_contact = $4, updated_at = now() WHERE child_id = $1',
        [update.child.id, update.parent, update.child, update.emergencyContact],
      );
    },

    /** The bracelet stays configured but shows no child: the page says 'Problème de configuration'. */
    async removeChild(childId: string, tx: Queryable = db): Promise<void> {
      await tx.query(
        'UPDATE scan_cards SET child_id = NULL, child = NULL, emergency_contact = NULL, updated_at = now() WHERE child_id = $1',
        [childId],
      );
    },
  };
}
export type ScanCardRepository = ReturnType<typeof createScanCardRepository>;

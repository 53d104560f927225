import type { Queryable } from '@bracelet/service-kit';

export type FamilyBracelet = { id: string; ownerId: string | null; childId: string | null; configured: boolean };
export type OwnedBracelet = FamilyBracelet & { child: { id: string; firstName: string; surname: string; photoId: string | null } | null };

type BraceletRow = { id: string; owner_id: string | null; child_id: string | null; configured: boolean };
const toBracelet = (row: BraceletRow): FamilyBracelet => ({
  id: row.id,
  ownerId: row.owner_id,
  childId: row.child_id,
  configured: row.configured,
});

export function createBraceletRepository(db: Queryable) {
  return {
    async addMinted(braceletIds: string[]): Promise<void> {
      await db.query('INSERT INTO bracelets (id) SELECT unnest($1::text[]) ON CONFLICT (id) DO NOTHING', [braceletIds]);
    },

    /**
     * Bracelets of a prepared order go to the buyer, unless someone already owns them (also when
     * this event overtakes their bracelets.minted).
     */
    async giveToOwner(braceletIds: string[], ownerId: string): Promise<void> {
      await db.query(
        `INSERT INTO bracelets (id, owner_id) SELECT unnest($1::text[]), $2
         ON CONFLICT (id) DO UPDATE SET owner_id = EXCLUDED.owner_id, updated_at = now() WHERE bracelets.owner_id IS NULL`,
        [braceletIds, ownerId],
      );
    },

    /** Restocked bracelets leave their buyer, unless the buyer configured one meanwhile (it stays theirs). */
    async takeBackUnconfigured(braceletIds: string[], ownerId: string | null): Promise<void> {
      await db.query(
        `UPDATE bracelets SET owner_id = NULL, updated_at = now()
         WHERE id = ANY($1::text[]) AND NOT configured AND child_id IS NULL AND owner_id IS NOT DISTINCT FROM $2`,
        [braceletIds, ownerId],
      );
    },

    async lock(id: string): Promise<FamilyBracelet | undefined> {
      const { rows } = await db.query<BraceletRow>('SELECT id, owner_id, child_id, configured FROM bracelets WHERE id = $1 FOR UPDATE', [
        id,
      ]);
      return rows[0] ? toBracelet(rows[0]) : undefined;
    },

    async associate(id: string, ownerId: string, childId: string): Promise<void> {
      await db.query('UPDATE bracelets SET owner_id = $2, child_id = $3, configured = true, updated_at = now() WHERE id = $1', [
        id,
        ownerId,
        childId,
      ]);
    },

    /** Back to unconfigured; the bracelet stays its owner's, ready to be configured again. */
    async reset(id: string): Promise<void> {
      await db.query('UPDATE bracelets SET child_id = NULL, configured = false, updated_at = now() WHERE id = $1', [id]);
    },

    async listByOwner(ownerId: string): Promise<OwnedBracelet[]> {
      const { rows } = await db.query<BraceletRow & { first_name: string | null; surname: string | null; photo_id: string | null }>(
        `SELECT b.id, b.owner_id, b.child_id, b.configured, c.first_name, c.surname, c.photo_id
         FROM bracelets b LEFT JOIN children c ON c.id = b.child_id
         WHERE b.owner_id = $1 ORDER BY b.updated_at DESC, b.id`,
        [ownerId],
      );
      return rows.map((row) => ({
        ...toBracelet(row),
        child: row.child_id
          ? { id: row.child_id, firstName: row.first_name ?? '', surname: row.surname ?? '', photoId: row.photo_id }
          : null,
      }));
    },
  };
}
export type BraceletRepository = ReturnType<typeof createBraceletRepository>;

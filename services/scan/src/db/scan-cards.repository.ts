import { randomBytes } from 'node:crypto';
import type { EventOf } from '@bracelet/contracts';
import type { Queryable } from '@bracelet/service-kit';
import { announceCardChanges } from '../cards/card-changes.js';

type ChildCardEvent = EventOf<'bracelet.associated'>['child'];
type EmergencyContact = EventOf<'bracelet.associated'>['emergencyContact'];
type ParentContact = EventOf<'bracelet.associated'>['parent'];

/** The child as stored on the card: the photo lives in its own column, named by `photoId`. */
export type StoredChild = Omit<ChildCardEvent, 'photo'> & { photoId: string | null };

export type ScanCard = {
  braceletId: string;
  configured: boolean;
  parent: ParentContact | null;
  child: StoredChild | null;
  emergencyContact: EmergencyContact | null;
  /** Since when the current owner's history runs (their first link of this bracelet). */
  ownerSince: Date | null;
};

type CardRow = {
  bracelet_id: string;
  configured: boolean;
  parent_contact: ParentContact | null;
  child: Omit<ChildCardEvent, 'photo'> | null;
  child_photo_id: string | null;
  emergency_contact: EmergencyContact | null;
  owner_since: Date | null;
};

/** Splits the event's child into the JSON kept on the card and the photo kept apart. */
function storable(child: ChildCardEvent) {
  const { photo, ...rest } = child;
  return {
    child: rest,
    photo: photo ? Buffer.from(photo.base64, 'base64') : null,
    photoId: photo ? randomBytes(16).toString('base64url') : null,
  };
}

type Changed = { rows: { bracelet_id: string }[] };

/**
 * Every write announces the cards it changed in the writer's transaction (card-changes.ts),
 * so no scan replica keeps serving a card from its cache after the change commits (ADR 019).
 * `changed` is also told at once, before the commit (the writer's own process's cache).
 */
export function createScanCardRepository(db: Queryable, { changed }: { changed?: (braceletIds: string[]) => void } = {}) {
  const announce = async ({ rows }: Changed) => {
    const ids = rows.map((row) => row.bracelet_id);
    if (ids.length === 0) return;
    changed?.(ids);
    await announceCardChanges(db, ids);
  };
  return {
    async findByBraceletId(braceletId: string): Promise<ScanCard | undefined> {
      const { rows } = await db.query<CardRow>(
        'SELECT bracelet_id, configured, parent_contact, child, child_photo_id, emergency_contact, owner_since FROM scan_cards WHERE bracelet_id = $1',
        [braceletId],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        braceletId: row.bracelet_id,
        configured: row.configured,
        parent: row.parent_contact,
        child: row.child ? { ...row.child, photoId: row.child_photo_id } : null,
        emergencyContact: row.emergency_contact,
        ownerSince: row.owner_since,
      };
    },

    /** The card photo by its id, for finders. */
    async findPhoto(photoId: string): Promise<Buffer | undefined> {
      const { rows } = await db.query<{ child_photo: Buffer | null }>('SELECT child_photo FROM scan_cards WHERE child_photo_id = $1', [
        photoId,
      ]);
      return rows[0]?.child_photo ?? undefined;
    },

    async addMinted(braceletIds: string[]): Promise<void> {
      // New cards only, never announced: no cache keeps an unknown bracelet, and a batch of 1,000
      // ids would be announced as "every card" (past the payload limit), emptying every cache.
      await db.query('INSERT INTO scan_cards (bracelet_id) SELECT unnest($1::text[]) ON CONFLICT (bracelet_id) DO NOTHING', [braceletIds]);
    },

    async configure(card: {
      braceletId: string;
      parent: ParentContact;
      child: ChildCardEvent;
      emergencyContact: EmergencyContact;
    }): Promise<void> {
      const { child, photo, photoId } = storable(card.child);
      const written = await db.query(
        `INSERT INTO scan_cards (bracelet_id, configured, parent_id, parent_contact, child_id, child, child_photo, child_photo_id,
           emergency_contact, owner_parent_id, owner_since, updated_at)
         VALUES ($1, true, $2, $3, $4, $5, $6, $7, $8, $2, now(), now())
         ON CONFLICT (bracelet_id) DO UPDATE SET configured = true, parent_id = $2, parent_contact = $3,
           child_id = $4, child = $5, child_photo = $6, child_photo_id = $7, emergency_contact = $8,
           owner_since = CASE WHEN scan_cards.owner_parent_id IS DISTINCT FROM $2 THEN now() ELSE scan_cards.owner_since END,
           owner_parent_id = $2, updated_at = now()
         RETURNING bracelet_id`,
        [card.braceletId, card.parent.id, card.parent, child.id, child, photo, photoId, card.emergencyContact],
      );
      await announce(written);
    },

    async reset(braceletId: string): Promise<void> {
      await announce(
        await db.query(
          `UPDATE scan_cards SET configured = false, parent_id = NULL, parent_contact = NULL, child_id = NULL,
             child = NULL, child_photo = NULL, child_photo_id = NULL, emergency_contact = NULL, updated_at = now() WHERE bracelet_id = $1
           RETURNING bracelet_id`,
          [braceletId],
        ),
      );
    },

    async updateChild(update: { parent: ParentContact; child: ChildCardEvent; emergencyContact: EmergencyContact }): Promise<void> {
      const { rows } = await db.query<{ bracelet_id: string }>('SELECT bracelet_id FROM scan_cards WHERE child_id = $1', [update.child.id]);
      // Each card gets its own photo id, so a photo id never outlives the card it was given for.
      const written: Changed = { rows: [] };
      for (const row of rows) {
        const { child, photo, photoId } = storable(update.child);
        const updated = await db.query<{ bracelet_id: string }>(
          'UPDATE scan_cards SET parent_contact = $2, child = $3, child_photo = $4, child_photo_id = $5, emergency_contact = $6, updated_at = now() WHERE bracelet_id = $1 RETURNING bracelet_id',
          [row.bracelet_id, update.parent, child, photo, photoId, update.emergencyContact],
        );
        written.rows.push(...updated.rows);
      }
      await announce(written);
    },

    /** The bracelet stays configured but shows no child: the page says 'Problème de configuration'. */
    async removeChild(childId: string): Promise<void> {
      await announce(
        await db.query(
          'UPDATE scan_cards SET child_id = NULL, child = NULL, child_photo = NULL, child_photo_id = NULL, emergency_contact = NULL, updated_at = now() WHERE child_id = $1 RETURNING bracelet_id',
          [childId],
        ),
      );
    },
  };
}
export type ScanCardRepository = ReturnType<typeof createScanCardRepository>;

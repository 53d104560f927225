import { type Pool, withTransaction } from '@bracelet/service-kit';
import { type Child, type ChildFields, createChildRepository } from '../db/children.repository.js';
import { createPhotoRepository } from '../db/photos.repository.js';
import { announceChildUpdated } from '../events/announce-child-updated.js';
import type { ProcessedPhoto } from '../photo-processing.js';
import { childNotFound } from './child-not-found.js';

/** The child's new details (and photo, replacing the old one); the finder's card follows. */
export function updateChild(
  db: Pool,
  parentId: string,
  childId: string,
  fields: ChildFields,
  photo: ProcessedPhoto | undefined,
): Promise<Child> {
  return withTransaction(db, async (tx) => {
    const children = createChildRepository(tx);
    const photos = createPhotoRepository(tx);
    const current = await children.lockOwned(childId, parentId);
    if (!current) throw childNotFound();
    const photoId = photo ? await photos.insert(parentId, photo) : current.photoId;
    const updated = await children.update(current.id, fields, photoId);
    if (photo && current.photoId) await photos.delete(current.photoId);
    await announceChildUpdated(tx, parentId, updated);
    return updated;
  });
}

import { createEvent } from '@bracelet/contracts';
import { type Pool, withTransaction, writeEvent } from '@bracelet/service-kit';
import { createChildRepository } from '../db/children.repository.js';
import { createPhotoRepository } from '../db/photos.repository.js';
import { childNotFound } from './child-not-found.js';

/** Deletes the profile and its photo. Bracelets it wore stay configured but show no child until reset or re-associated. */
export function deleteChild(db: Pool, parentId: string, childId: string): Promise<void> {
  return withTransaction(db, async (tx) => {
    const children = createChildRepository(tx);
    const child = await children.lockOwned(childId, parentId);
    if (!child) throw childNotFound();
    await children.delete(child.id);
    if (child.photoId) await createPhotoRepository(tx).delete(child.photoId);
    await writeEvent(tx, 'family', createEvent('child.deleted', { parentId, childId: child.id }));
  });
}

import { type Pool, withTransaction } from '@bracelet/service-kit';
import { type Child, createChildRepository, type FinderPrivacy } from '../db/children.repository.js';
import { announceChildUpdated } from '../events/announce-child-updated.js';
import { childNotFound } from './child-not-found.js';

/** What a finder may see of the child (surname, photo, age); the finder's card follows. */
export function setChildPrivacy(db: Pool, parentId: string, childId: string, privacy: FinderPrivacy): Promise<Child> {
  return withTransaction(db, async (tx) => {
    const children = createChildRepository(tx);
    const current = await children.lockOwned(childId, parentId);
    if (!current) throw childNotFound();
    const updated = await children.updatePrivacy(current.id, privacy);
    await announceChildUpdated(tx, parentId, updated);
    return updated;
  });
}

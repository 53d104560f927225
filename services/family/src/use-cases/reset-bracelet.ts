import { createEvent } from '@bracelet/contracts';
import { type Pool, withTransaction, writeEvent } from '@bracelet/service-kit';
import { createBraceletRepository } from '../db/bracelets.repository.js';
import { braceletNotFound } from './associate-bracelet.js';

/** Returns the parent's bracelet to unconfigured; scan's card follows (bracelet.reset). */
export function resetBracelet(db: Pool, parentId: string, braceletId: string): Promise<void> {
  return withTransaction(db, async (tx) => {
    const bracelets = createBraceletRepository(tx);
    const bracelet = await bracelets.lock(braceletId);
    if (!bracelet || bracelet.ownerId !== parentId) throw braceletNotFound();
    await bracelets.reset(bracelet.id);
    await writeEvent(tx, 'family', createEvent('bracelet.reset', { braceletId: bracelet.id, parentId }));
  });
}

import { createEvent } from '@bracelet/contracts';
import { AppError, type Pool, withTransaction, writeEvent } from '@bracelet/service-kit';
import { type Account, createAccountRepository } from '../db/accounts.repository.js';
import { createBraceletRepository, type OwnedBracelet } from '../db/bracelets.repository.js';
import { createChildRepository } from '../db/children.repository.js';
import { childCardOf, emergencyContactOf, parentContactOf } from '../events/payloads.js';
import { notYours } from './errors.js';

export const braceletNotFound = () => notYours('Bracelet introuvable.');

/**
 * Links a bracelet the parent holds (theirs, or not yet anyone's) to one of their children; scan
 * learns what a finder will see from bracelet.associated.
 */
export function associateBracelet(db: Pool, parentId: string, braceletId: string, childId: string): Promise<OwnedBracelet> {
  return withTransaction(db, async (tx) => {
    const bracelets = createBraceletRepository(tx);
    const bracelet = await bracelets.lock(braceletId);
    // Someone else's bracelet is indistinguishable from one that does not exist.
    if (!bracelet || (bracelet.ownerId && bracelet.ownerId !== parentId)) throw braceletNotFound();
    if (bracelet.configured) {
      throw new AppError(409, 'already_configured', 'Ce bracelet est déjà configuré. Réinitialisez-le avant de le réassocier.');
    }
    const child = await createChildRepository(tx).findOwned(childId, parentId);
    if (!child) throw notYours('Enfant introuvable.');
    await bracelets.associate(bracelet.id, parentId, child.id);
    const parent = (await createAccountRepository(tx).findById(parentId)) as Account;
    await writeEvent(
      tx,
      'family',
      createEvent('bracelet.associated', {
        braceletId: bracelet.id,
        parent: parentContactOf(parent),
        child: await childCardOf(child, tx),
        emergencyContact: emergencyContactOf(child),
      }),
    );
    return {
      id: bracelet.id,
      ownerId: parentId,
      childId: child.id,
      configured: true,
      child: { id: child.id, firstName: child.firstName, surname: child.surname, photoId: child.photoId },
    };
  });
}

import type { ConsumerHandlers } from '@bracelet/service-kit';
import { createBraceletRepository } from '../db/bracelets.repository.js';

/** Family learns which bracelets exist (minted) and who bought them (prepared orders). */
export const familyEventHandlers: ConsumerHandlers<'family'> = {
  'bracelets.minted': (event, { tx }) => createBraceletRepository(tx).addMinted(event.braceletIds),
  'order.prepared': async (event, { tx }) => {
    if (!event.parentId) return; // a guest order: the bracelets belong to whoever configures them
    await createBraceletRepository(tx).giveToOwner(event.braceletIds, event.parentId);
  },
  // A refunded order's unconfigured bracelets went back to stock: they are nobody's until sold again.
  'bracelets.restocked': (event, { tx }) => createBraceletRepository(tx).takeBackUnconfigured(event.braceletIds, event.parentId),
};

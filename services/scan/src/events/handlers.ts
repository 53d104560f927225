import type { ConsumerHandlers } from '@bracelet/service-kit';
import { createScanCardRepository } from '../db/scan-cards.repository.js';

/** Keeps the scan cards current; each handler writes in the consumer's transaction. */
export const scanEventHandlers: ConsumerHandlers<'scan'> = {
  'bracelets.minted': (event, { tx }) => createScanCardRepository(tx).addMinted(event.braceletIds),
  'bracelet.associated': (event, { tx }) => createScanCardRepository(tx).configure(event),
  'bracelet.reset': (event, { tx }) => createScanCardRepository(tx).reset(event.braceletId),
  'child.updated': (event, { tx }) => createScanCardRepository(tx).updateChild(event),
  'child.deleted': (event, { tx }) => createScanCardRepository(tx).removeChild(event.childId),
};

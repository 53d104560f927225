import type { ConsumerHandlers } from '@bracelet/service-kit';
import { createScanCardRepository } from '../db/scan-cards.repository.js';
import { endWindow } from '../use-cases/summarize-alert-windows.js';
import { endShareWindow } from '../use-cases/summarize-share-windows.js';

/** Keeps the scan cards current; each handler writes in the consumer's transaction. */
export const scanEventHandlers: ConsumerHandlers<'scan'> = {
  'bracelets.minted': (event, { tx }) => createScanCardRepository(tx).addMinted(event.braceletIds),
  'bracelet.associated': async (event, { tx }) => {
    await endWindow(tx, event.braceletId);
    await endShareWindow(tx, event.braceletId);
    await createScanCardRepository(tx).configure(event);
  },
  'bracelet.reset': async (event, { tx }) => {
    await endWindow(tx, event.braceletId);
    await endShareWindow(tx, event.braceletId);
    await createScanCardRepository(tx).reset(event.braceletId);
  },
  'child.updated': (event, { tx }) => createScanCardRepository(tx).updateChild(event),
  'child.deleted': (event, { tx }) => createScanCardRepository(tx).removeChild(event.childId),
};

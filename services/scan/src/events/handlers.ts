import type { ConsumerHandlers, Pool, Queryable } from '@bracelet/service-kit';
import { cardCacheOf } from '../cards/card-cache.js';
import { createScanCardRepository } from '../db/scan-cards.repository.js';
import { endWindow } from '../use-cases/summarize-alert-windows.js';
import { endShareWindow } from '../use-cases/summarize-share-windows.js';

/**
 * The cards, written in the consumer's transaction. Each write announces the cards it changed to
 * every replica's cache on commit (NOTIFY), and drops them from this process's cache at once.
 */
const cardsIn = (tx: Queryable, db: Pool) => createScanCardRepository(tx, { changed: (ids) => cardCacheOf(db)?.invalidate(ids) });

/** Keeps the scan cards current; each handler writes in the consumer's transaction. */
export const scanEventHandlers: ConsumerHandlers<'scan'> = {
  'bracelets.minted': (event, { tx, db }) => cardsIn(tx, db).addMinted(event.braceletIds),
  'bracelet.associated': async (event, { tx, db }) => {
    await endWindow(tx, event.braceletId);
    await endShareWindow(tx, event.braceletId);
    await cardsIn(tx, db).configure(event);
  },
  'bracelet.reset': async (event, { tx, db }) => {
    await endWindow(tx, event.braceletId);
    await endShareWindow(tx, event.braceletId);
    await cardsIn(tx, db).reset(event.braceletId);
  },
  'child.updated': (event, { tx, db }) => cardsIn(tx, db).updateChild(event),
  'child.deleted': (event, { tx, db }) => cardsIn(tx, db).removeChild(event.childId),
};

import { createEvent } from '@bracelet/contracts';
import { type Pool, withTransaction, writeEvent } from '@bracelet/service-kit';
import { generateBraceletId } from '../bracelet-ids.js';
import { createInventoryRepository } from '../db/inventory.repository.js';

export const MAX_MINT_BATCH = 10_000;
/** Ids per bracelets.minted event, so no single job carries an unbounded payload. */
const IDS_PER_EVENT = 500;

/**
 * Mints `count` new bracelet ids in one transaction: stored in the inventory and announced with
 * bracelets.minted through the outbox, so other services learn of them exactly when they exist.
 */
export async function mintBracelets(pool: Pool, { count, label }: { count: number; label: string }): Promise<string[]> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_MINT_BATCH) {
    throw new RangeError(`count must be an integer between 1 and ${MAX_MINT_BATCH}`);
  }
  const ids = new Set<string>();
  while (ids.size < count) ids.add(generateBraceletId());
  const braceletIds = [...ids];
  const batchId = globalThis.crypto.randomUUID();

  await withTransaction(pool, async (tx) => {
    await createInventoryRepository(tx).insertBatch({ id: batchId, label, braceletIds });
    for (let start = 0; start < braceletIds.length; start += IDS_PER_EVENT) {
      const event = createEvent('bracelets.minted', { batchId, braceletIds: braceletIds.slice(start, start + IDS_PER_EVENT) });
      await writeEvent(tx, 'fulfilment', event);
    }
  });
  return braceletIds;
}

/** The ids of a labelled batch (the demo batch, a print run), or undefined if it was never minted. */
export function findBraceletsByLabel(pool: Pool, label: string): Promise<string[] | undefined> {
  return createInventoryRepository(pool).findBatchByLabel(label);
}

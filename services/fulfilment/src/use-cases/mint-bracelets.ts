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
export async function mintBracelets(pool: Pool, batch: { count: number; label: string; mintedBy?: string }): Promise<string[]> {
  return (await mintBatch(pool, batch)).braceletIds;
}

/** As mintBracelets, answering the batch's id too (the back office lists and prints batches). */
export async function mintBatch(
  pool: Pool,
  { count, label, mintedBy }: { count: number; label: string; mintedBy?: string },
): Promise<{ batchId: string; braceletIds: string[] }> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_MINT_BATCH) {
    throw new RangeError(`count must be an integer between 1 and ${MAX_MINT_BATCH}`);
  }
  const ids = new Set<string>();
  while (ids.size < count) ids.add(generateBraceletId());
  const braceletIds = [...ids];
  const batchId = globalThis.crypto.randomUUID();

  await withTransaction(pool, async (tx) => {
    await createInventoryRepository(tx).insertBatch({ id: batchId, label, braceletIds, mintedBy: mintedBy ?? null });
    for (let start = 0; start < braceletIds.length; start += IDS_PER_EVENT) {
      const event = createEvent('bracelets.minted', { batchId, braceletIds: braceletIds.slice(start, start + IDS_PER_EVENT) });
      await writeEvent(tx, 'fulfilment', event);
    }
  });
  return { batchId, braceletIds };
}

/** The ids of a labelled batch (the demo batch, a print run), or undefined if it was never minted. */
export function findBraceletsByLabel(pool: Pool, label: string): Promise<string[] | undefined> {
  return createInventoryRepository(pool).findBatchByLabel(label);
}

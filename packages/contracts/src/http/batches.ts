import { z } from 'zod';
import { MAX_BATCH_QUANTITY } from '../values.js';

/*
 * The back office's bracelet batches (fulfilment, staff only): mint a batch, list batches with what
 * became of their bracelets, download a batch's sheet of QR codes to print.
 */

/** Batches per page of GET /batches. */
export const BATCHES_PAGE_SIZE = 20;

/** POST /batches. */
export const mintBatchSchema = z.object({
  quantity: z
    .number({ message: 'Indiquez un nombre de bracelets.' })
    .int({ message: 'Indiquez un nombre entier de bracelets.' })
    .min(1, { message: 'Au moins 1 bracelet.' })
    .max(MAX_BATCH_QUANTITY, { message: `Au plus ${MAX_BATCH_QUANTITY} bracelets par lot.` }),
  label: z
    .string({ message: 'Donnez un nom au lot.' })
    .trim()
    .min(1, { message: 'Donnez un nom au lot.' })
    .max(80, { message: '80 caractères au plus.' }),
});
export type MintBatch = z.infer<typeof mintBatchSchema>;

/** GET /batches?page=. */
export const batchesQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Numéro de page invalide.' })
    .int({ message: 'Numéro de page invalide.' })
    .min(1, { message: 'Numéro de page invalide.' })
    .max(100_000, { message: 'Numéro de page invalide.' })
    .default(1),
});

/**
 * One batch and what became of its bracelets: `sold` are in an order (being prepared, prepared or
 * shipped), `unsold` are not; `configured` are linked to a child right now, sold or not (a demo
 * bracelet is configured without being sold), so the three do not add up.
 */
export const batchSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  size: z.number().int(),
  minted_at: z.string(),
  sold: z.number().int(),
  configured: z.number().int(),
  unsold: z.number().int(),
  /** The A4 sheet of its QR codes (PDF). */
  sheet_url: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchesSchema = z.array(batchSchema);

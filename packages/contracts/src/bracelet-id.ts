import { z } from 'zod';

/**
 * Bracelet ids are printed in QR codes and typed by support staff, so they use Crockford's
 * base32 alphabet (no i, l, o, u) in lower case: 20 characters carry 100 random bits.
 */
export const BRACELET_ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const BRACELET_ID_LENGTH = 20;
export const BRACELET_ID_BITS = BRACELET_ID_LENGTH * 5;

export const braceletIdSchema = z.string().regex(/^[0-9a-hjkmnp-tv-z]{20}$/, { message: 'Identifiant de bracelet invalide.' });

export type BraceletId = z.infer<typeof braceletIdSchema>;

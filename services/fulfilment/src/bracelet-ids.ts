import { randomBytes } from 'node:crypto';
import { BRACELET_ID_ALPHABET, BRACELET_ID_LENGTH } from '@bracelet/contracts';

/**
 * A new bracelet id: 100 bits from the operating system's CSPRNG, written as 20 characters of
 * Crockford base32 (5 bits each). Unguessable, URL-safe, and short in a QR code.
 */
export function generateBraceletId(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(13); // 104 bits; the first 100 are used
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  bits >>= 4n;
  let id = '';
  for (let index = 0; index < BRACELET_ID_LENGTH; index += 1) {
    id = BRACELET_ID_ALPHABET[Number(bits & 31n)] + id;
    bits >>= 5n;
  }
  return id;
}

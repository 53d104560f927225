import { BRACELET_ID_BITS, braceletIdSchema } from '@bracelet/contracts';
import { describe, expect, it } from 'vitest';
import { generateBraceletId } from '../src/bracelet-ids.js';

describe('generateBraceletId', () => {
  it('gives 1,000 distinct, well-formed ids', () => {
    const ids = Array.from({ length: 1000 }, () => generateBraceletId());
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(braceletIdSchema.safeParse(id).success).toBe(true);
  });

  it('carries at least 96 bits, each drawn from the random source', () => {
    expect(BRACELET_ID_BITS).toBeGreaterThanOrEqual(96);
    // Every one of the 100 bits reaches the id: all-zero and all-one sources give the two extremes.
    expect(generateBraceletId((size) => Buffer.alloc(size, 0))).toBe('00000000000000000000');
    expect(generateBraceletId((size) => Buffer.alloc(size, 0xff))).toBe('zzzzzzzzzzzzzzzzzzzz');
    // Flipping the lowest used bit changes only the last character.
    const lowBit = (size: number) => {
      const bytes = Buffer.alloc(size, 0);
      bytes[size - 1] = 0x10; // bit 4 of the last byte is the 100th bit kept
      return bytes;
    };
    expect(generateBraceletId(lowBit)).toBe('00000000000000000001');
  });

  it('draws its bits uniformly (monobit frequency over 100,000 bits)', () => {
    const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
    let ones = 0;
    let total = 0;
    for (let index = 0; index < 1000; index += 1) {
      for (const character of generateBraceletId()) {
        const value = alphabet.indexOf(character);
        for (let bit = 0; bit < 5; bit += 1) ones += (value >> bit) & 1;
        total += 5;
      }
    }
    // For 100,000 fair bits the standard deviation of the count of ones is about 158.
    expect(Math.abs(ones - total / 2)).toBeLessThan(6 * 158);
  });
});

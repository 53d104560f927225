import { describe, expect, it } from 'vitest';
import { displayPhone } from './phone';

describe('displayPhone', () => {
  it('shows a French number the way it is dialled in France', () => {
    expect(displayPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(displayPhone('+33142687900')).toBe('01 42 68 79 00');
  });

  it('keeps other countries in their international form', () => {
    expect(displayPhone('+32470123456')).toBe('+32470123456');
    expect(displayPhone('+3361234567')).toBe('+3361234567');
  });
});

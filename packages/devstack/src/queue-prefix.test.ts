import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queuePrefixOf } from './stack.js';

const root = mkdtempSync(join(tmpdir(), 'bracelet-prefix-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('queue prefix of a data folder', () => {
  it('differs between two data folders and stays the same for one, however it is named', () => {
    const first = mkdtempSync(join(root, 'a-'));
    const second = mkdtempSync(join(root, 'b-'));
    expect(queuePrefixOf(first)).not.toBe(queuePrefixOf(second));
    expect(queuePrefixOf(first)).toBe(queuePrefixOf(`${first}/../${first.split('/').at(-1)}`));
    expect(queuePrefixOf(first)).toMatch(/^bracelet-[0-9a-f]{12}$/);
  });
});

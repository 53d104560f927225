import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { braceletIdSchema } from '@bracelet/contracts';
import { repoRoot } from '@bracelet/devstack';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { servicePool } from './helpers.js';

const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-mint-'));
const fulfilment = servicePool('fulfilment');
afterAll(async () => {
  await fulfilment.end();
  rmSync(dataDir, { recursive: true, force: true });
});

function mint(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/mint.ts'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: inject('integration').adminUrl,
      DATA_DIR: dataDir,
      DB_ROLE_SECRET: inject('integration').roleSecret,
    },
    timeout: 60_000,
  });
}

describe('npm run mint', () => {
  it('prints only the new ids on stdout, one per line, and stores them in the inventory', async () => {
    const result = mint('--count', '3', '--label', 'cli test');
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(result.stdout).toBe(`${lines.join('\n')}\n`);
    for (const id of lines) expect(braceletIdSchema.safeParse(id).success).toBe(true);
    const stored = await fulfilment.query('SELECT id FROM bracelets WHERE id = ANY($1)', [lines]);
    expect(stored.rowCount).toBe(3);
    // One batch under the label, as the back office lists and prints batches (minted by nobody there).
    const batches = await fulfilment.query(
      'SELECT DISTINCT m.label, m.size, m.minted_by FROM mint_batches m JOIN bracelets b ON b.batch_id = m.id WHERE b.id = ANY($1)',
      [lines],
    );
    expect(batches.rows).toEqual([{ label: 'cli test', size: 3, minted_by: null }]);
    const outbox = await fulfilment.query("SELECT payload FROM outbox WHERE name = 'bracelets.minted' AND payload->'braceletIds' ? $1", [
      lines[0],
    ]);
    expect(outbox.rows[0]?.payload.braceletIds).toEqual(lines);
  });

  it('refuses a bad count with a usage line on stderr and nothing on stdout', () => {
    for (const count of ['0', 'abc', '10001']) {
      const result = mint('--count', count);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Usage : npm run mint -- --count N');
    }
  });
});

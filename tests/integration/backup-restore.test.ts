import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataServices, prepareDatabase, roleOf, runServiceCommand } from '@bracelet/devstack';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { provideInfrastructure, type TestInfrastructure } from '../setup/infrastructure.js';

/**
 * The ops guide's per-service backup and restore (docs/operations.md "Backups and restore"), run as
 * written: pg_dump of each service's schema from a product database with data, pg_restore into a
 * new database prepared by the migrations; every table comes back with its rows, owned by the
 * service's own role.
 */
const infrastructures: TestInfrastructure[] = [];
const dumps = mkdtempSync(join(tmpdir(), 'bracelet-dumps-'));
afterAll(async () => {
  for (const infrastructure of infrastructures) await infrastructure.dispose();
  rmSync(dumps, { recursive: true, force: true });
});

type TableFacts = Record<string, { rows: number; owner: string }>;

async function tablesOf(adminUrl: string, schema: string): Promise<TableFacts> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string; tableowner: string }>(
      'SELECT tablename, tableowner FROM pg_tables WHERE schemaname = $1 ORDER BY tablename',
      [schema],
    );
    const facts: TableFacts = {};
    for (const row of rows) {
      const count = await client.query<{ count: string }>(`SELECT count(*) FROM ${schema}."${row.tablename}"`);
      facts[row.tablename] = { rows: Number(count.rows[0]?.count), owner: row.tableowner };
    }
    return facts;
  } finally {
    await client.end();
  }
}

describe('backups of each service schema', () => {
  it('restore into a new database with every row, each table owned by its service role', async () => {
    const source = await provideInfrastructure('backup');
    infrastructures.push(source);
    const urls = await prepareDatabase(source.adminUrl, source.roleSecret);
    // Data in several schemas, written by the services' own commands.
    await runServiceCommand('family', 'ensure-accounts', {
      databaseUrl: urls.family,
      input: JSON.stringify([
        {
          role: 'parent',
          email: 'sauvegarde@example.com',
          password: 'mot de passe sauvegarde',
          firstName: 'Camille',
          lastName: 'Martin',
          phone: null,
        },
      ]),
    });
    await runServiceCommand('catalog', 'seed-catalogue', { databaseUrl: urls.catalog });
    await runServiceCommand('fulfilment', 'mint', { databaseUrl: urls.fulfilment, args: ['--count', '3', '--label', 'sauvegarde'] });

    const target = await provideInfrastructure('restore');
    infrastructures.push(target);
    await prepareDatabase(target.adminUrl, target.roleSecret);

    for (const schema of dataServices) {
      const file = join(dumps, `${schema}.dump`);
      execFileSync('pg_dump', [source.adminUrl, '--format=custom', `--schema=${schema}`, `--file=${file}`]);
      execFileSync('pg_restore', [
        `--dbname=${target.adminUrl}`,
        '--clean',
        '--if-exists',
        '--single-transaction',
        '--exit-on-error',
        file,
      ]);
      const before = await tablesOf(source.adminUrl, schema);
      const after = await tablesOf(target.adminUrl, schema);
      expect(Object.keys(before).length, schema).toBeGreaterThan(0);
      expect(after, schema).toEqual(before);
      for (const table of Object.values(after)) expect(table.owner, schema).toBe(roleOf(schema));
    }
    // The rows written above are among those back.
    const restored = await tablesOf(target.adminUrl, 'fulfilment');
    expect(Object.values(restored).some((table) => table.rows >= 3)).toBe(true);
    expect((await tablesOf(target.adminUrl, 'family')).accounts?.rows).toBe(1);
  }, 120_000);
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { commandEntryOf, loadLocalSecrets, prepareDatabase, repoRoot, resolvePostgres } from '@bracelet/devstack';
import { readLocalEnv } from './local-env.js';

// `npm run mint -- --count N [--label …]`: finds the product's database (as `npm start` does)
// and runs fulfilment's own mint command against it. stdout carries the new ids, one per line,
// and nothing else; everything else goes to stderr.
const note = (line: string) => process.stderr.write(`${line}\n`);
const env = readLocalEnv();
const secrets = loadLocalSecrets(env.DATA_DIR);
const postgres = await resolvePostgres({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  port: env.EMBEDDED_PG_PORT,
  password: secrets.postgresPassword,
  log: note,
});
let status = 1;
try {
  const urls = await prepareDatabase(postgres.adminUrl, env.DB_ROLE_SECRET ?? secrets.roleSecret);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, commandEntryOf('fulfilment', 'mint')), ...process.argv.slice(2)],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: urls.fulfilment, DATABASE_SCHEMA: 'fulfilment', LOG_LEVEL: 'warn' },
    },
  );
  status = result.status ?? 1;
} finally {
  await postgres.stop();
}
process.exit(status);

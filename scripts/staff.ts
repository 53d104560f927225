import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { commandEntryOf, loadLocalSecrets, prepareDatabase, repoRoot, resolvePostgres } from '@bracelet/devstack';
import { readLocalEnv } from './local-env.js';

// `npm run staff -- add --email x@y.fr | remove --email x@y.fr | list`: finds the product's
// database (as `npm start` does) and runs family's own staff command against it (family owns the
// accounts). The result is on stdout; everything else on stderr.
const note = (line: string) => process.stderr.write(`${line}\n`);
const [action, ...rest] = process.argv.slice(2);
if (!action || !['add', 'remove', 'list'].includes(action)) {
  note('Usage : npm run staff -- add --email adresse [--first-name Prénom] [--last-name Nom] | remove --email adresse | list');
  process.exit(2);
}
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
    ['--import', 'tsx', join(repoRoot, commandEntryOf('family', 'staff')), '--action', action, ...rest],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: urls.family,
        DATABASE_SCHEMA: 'family',
        LOG_LEVEL: 'warn',
        // The new staff member's link opens the product where `npm start` serves it.
        PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      },
    },
  );
  status = result.status ?? 1;
} finally {
  await postgres.stop();
}
process.exit(status);

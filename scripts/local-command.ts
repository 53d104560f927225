import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { commandEntryOf, type DataService, loadLocalSecrets, prepareDatabase, repoRoot, resolvePostgres } from '@bracelet/devstack';
import { type LocalEnv, readLocalEnv } from './local-env.js';

/**
 * Runs one of a service's own commands against the product's database, found as `npm start`
 * finds it (DATABASE_URL, or the embedded Postgres of DATA_DIR), with the terminal's stdin,
 * stdout and stderr; answers its exit status. `envOf` adds settings the command needs.
 */
export async function runLocalServiceCommand(
  service: DataService,
  command: string,
  args: string[],
  envOf: (env: LocalEnv) => NodeJS.ProcessEnv = () => ({}),
): Promise<number> {
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
  try {
    const urls = await prepareDatabase(postgres.adminUrl, env.DB_ROLE_SECRET ?? secrets.roleSecret);
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, commandEntryOf(service, command)), ...args], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, ...envOf(env), DATABASE_URL: urls[service], DATABASE_SCHEMA: service, LOG_LEVEL: 'warn' },
    });
    return result.status ?? 1;
  } finally {
    await postgres.stop();
  }
}

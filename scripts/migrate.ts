import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type DataService,
  dataServices,
  migrationsDirOf,
  prepareDatabase,
  repoRoot,
  runServiceCommand,
  serviceDatabaseUrl,
} from '@bracelet/devstack';
import { ConfigError, commandConfigSchema, createPool, parseConfig } from '@bracelet/service-kit';
import { z } from 'zod';

// The migration entry point of the container image (compose's `migrate` service, the Kubernetes
// migration Job, docs/operations.md). It runs the code `npm start` runs, nothing of its own:
//
//   migrate.ts [--skip-catalogue]   devstack's prepareDatabase (one role and one schema per service,
//                                   every schema migrated as its own role), then catalog's
//                                   seed-catalogue command (the catalogue ships with the code).
//                                   Needs DATABASE_ADMIN_URL and DB_ROLE_SECRET.
//   migrate.ts urls                 prints each service's DATABASE_URL as <SERVICE>_DATABASE_URL=…
//                                   (role passwords are derived from DB_ROLE_SECRET); connects to nothing.
//   migrate.ts wait [--timeout S]   waits until the schema of DATABASE_URL / DATABASE_SCHEMA holds every
//                                   migration this image has (a Deployment's init container).
//
// stdout carries only results (the urls); messages go to stderr. Exit codes: 0 done, 1 failed, 2 usage.

const say = (line: string) => process.stderr.write(`${line}\n`);
const usage =
  'Usage : migrate.ts [--skip-catalogue] | migrate.ts urls | migrate.ts wait [--timeout secondes]\n' +
  '  migrate et urls lisent DATABASE_ADMIN_URL et DB_ROLE_SECRET ; wait lit DATABASE_URL et DATABASE_SCHEMA.';

const adminEnvSchema = z.object({
  /** A role that may create roles and schemas in the product's database (the owner, or a superuser). */
  DATABASE_ADMIN_URL: z.url({ message: 'une URL postgres://… est attendue' }),
  /** Derives every service role's password (devstack's rolePassword); the same value as `npm start`'s DB_ROLE_SECRET. */
  DB_ROLE_SECRET: z.string().min(16, { message: 'au moins 16 caractères' }),
});

function adminEnv(): z.infer<typeof adminEnvSchema> {
  try {
    return parseConfig('migrate', adminEnvSchema);
  } catch (error) {
    say(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
}

/** The migrations an up-to-date schema holds, as node-pg-migrate names them (file name without extension). */
function expectedMigrations(service: DataService): { kit: string[]; service: string[] } {
  const names = (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && extname(entry.name) === '.sql')
      .map((entry) => entry.name.slice(0, -'.sql'.length))
      .sort();
  return { kit: names(join(repoRoot, 'packages/service-kit/migrations')), service: names(migrationsDirOf(service)) };
}

async function migrate(skipCatalogue: boolean): Promise<void> {
  const env = adminEnv();
  const startedAt = Date.now();
  say(`Rôles, schémas et migrations de ${dataServices.join(', ')}…`);
  const urls = await prepareDatabase(env.DATABASE_ADMIN_URL, env.DB_ROLE_SECRET);
  say(`Schémas à jour en ${Date.now() - startedAt} ms.`);
  if (!skipCatalogue) {
    const announced = await runServiceCommand('catalog', 'seed-catalogue', { databaseUrl: urls.catalog });
    say(`Catalogue écrit : ${announced.trim()}`);
  }
}

function printUrls(): void {
  const env = adminEnv();
  for (const service of dataServices) {
    process.stdout.write(
      `${service.toUpperCase()}_DATABASE_URL=${serviceDatabaseUrl(env.DATABASE_ADMIN_URL, service, env.DB_ROLE_SECRET)}\n`,
    );
  }
}

async function waitForSchema(timeoutSeconds: number): Promise<void> {
  let config: z.infer<typeof commandConfigSchema>;
  try {
    config = parseConfig('migrate wait', commandConfigSchema);
  } catch (error) {
    say(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  const service = config.DATABASE_SCHEMA as DataService;
  if (!dataServices.includes(service)) {
    say(`DATABASE_SCHEMA=${service} n'est le schéma d'aucun service (${dataServices.join(', ')}).`);
    process.exit(2);
  }
  const expected = expectedMigrations(service);
  const pool = createPool(config.DATABASE_URL, service, 1);
  pool.on('error', () => undefined);
  const applied = async (table: string): Promise<Set<string>> => {
    try {
      const { rows } = await pool.query<{ name: string }>(`SELECT name FROM ${table}`);
      return new Set(rows.map((row) => row.name));
    } catch (error) {
      // No migrations table yet: nothing is applied.
      if ((error as { code?: string }).code === '42P01') return new Set();
      throw error;
    }
  };
  const deadline = Date.now() + timeoutSeconds * 1000;
  let lastReport = '';
  try {
    for (;;) {
      let report: string;
      try {
        const kit = await applied('kit_migrations');
        const own = await applied('service_migrations');
        const missing = [...expected.kit.filter((name) => !kit.has(name)), ...expected.service.filter((name) => !own.has(name))];
        if (missing.length === 0) {
          say(`Schéma ${service} à jour (${expected.kit.length + expected.service.length} migrations).`);
          return;
        }
        report = `Schéma ${service} : ${missing.length} migration(s) attendue(s), dont ${missing[0]} ; la migration n'a pas encore tourné.`;
      } catch (error) {
        report = `Schéma ${service} illisible pour l'instant : ${error instanceof Error ? error.message : String(error)}`;
      }
      if (report !== lastReport) say(report);
      lastReport = report;
      if (Date.now() > deadline) {
        say(`Abandon après ${timeoutSeconds} s.`);
        process.exit(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await pool.end().catch(() => undefined);
  }
}

let parsed: ReturnType<typeof parseCommandLine>;
function parseCommandLine() {
  const { values, positionals } = parseArgs({
    options: { 'skip-catalogue': { type: 'boolean', default: false }, timeout: { type: 'string', default: '600' } },
    allowPositionals: true,
    strict: true,
  });
  const command = positionals[0] ?? 'migrate';
  const timeout = Number(values.timeout);
  if (positionals.length > 1 || !['migrate', 'urls', 'wait'].includes(command) || !Number.isInteger(timeout) || timeout < 1) {
    throw new Error(`arguments inattendus : ${process.argv.slice(2).join(' ')}`);
  }
  return { command, skipCatalogue: values['skip-catalogue'] ?? false, timeout };
}
try {
  parsed = parseCommandLine();
} catch (error) {
  say(usage);
  say(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

try {
  if (parsed.command === 'urls') printUrls();
  else if (parsed.command === 'wait') await waitForSchema(parsed.timeout);
  else await migrate(parsed.skipCatalogue);
  process.exit(0);
} catch (error) {
  say(`migrate.ts ${parsed.command} : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}

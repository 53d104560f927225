import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

const kitMigrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

export type MigrateOptions = {
  /** URL of the service's own role: tables it creates belong to it. */
  databaseUrl: string;
  schema: string;
  /** The service's `migrations/` folder. */
  migrationsDir: string;
  log?: (message: string) => void;
};

/**
 * Brings a service's schema up to date: first the kit's tables (outbox, processed events), tracked
 * apart so the kit and the service can each add migrations without ordering against each other,
 * then the service's own.
 */
export async function migrateService({ databaseUrl, schema, migrationsDir, log = () => {} }: MigrateOptions): Promise<void> {
  const common = { databaseUrl, schema, direction: 'up' as const, createSchema: false, checkOrder: true, log, verbose: false };
  await runner({ ...common, dir: kitMigrationsDir, migrationsTable: 'kit_migrations' });
  await runner({ ...common, dir: migrationsDir, migrationsTable: 'service_migrations' });
}

import { migrateService } from '@bracelet/service-kit';
import pg from 'pg';
import { type DataService, dataServices, migrationsDirOf, roleOf } from './processes-table.js';
import { rolePassword } from './secrets.js';

export type ServiceDatabaseUrls = Record<DataService, string>;

/** The admin URL with a service role's credentials in place of the admin's. */
export function serviceDatabaseUrl(adminUrl: string, service: DataService, roleSecret: string): string {
  const url = new URL(adminUrl);
  url.username = roleOf(service);
  url.password = rolePassword(roleSecret, roleOf(service));
  return url.toString();
}

/**
 * Gives each service its own role and a schema that role owns; no role can read another's
 * schema. Roles are cluster-wide and their passwords derived from one secret, so provisioning is
 * idempotent and several databases (test runs) can share them.
 */
export async function provisionServiceSchemas(adminUrl: string, roleSecret: string): Promise<ServiceDatabaseUrls> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    const database = rows[0]?.db ?? '';
    // Serialise concurrent provisioning (parallel test runs) on the cluster-wide roles.
    await client.query('SELECT pg_advisory_lock(727274)');
    try {
      await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
      for (const service of dataServices) {
        const role = roleOf(service);
        const password = rolePassword(roleSecret, role).replaceAll("'", "''");
        const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
        if (exists.rowCount === 0) await client.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
        else await client.query(`ALTER ROLE ${role} WITH LOGIN PASSWORD '${password}'`);
        await client.query(`GRANT CONNECT ON DATABASE "${database}" TO ${role}`);
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${service} AUTHORIZATION ${role}`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)');
    }
  } finally {
    await client.end();
  }
  return Object.fromEntries(
    dataServices.map((service) => [service, serviceDatabaseUrl(adminUrl, service, roleSecret)]),
  ) as ServiceDatabaseUrls;
}

/** Provisions, then migrates every service's schema as that service's own role. */
export async function prepareDatabase(adminUrl: string, roleSecret: string): Promise<ServiceDatabaseUrls> {
  const urls = await provisionServiceSchemas(adminUrl, roleSecret);
  for (const service of dataServices) {
    await migrateService({ databaseUrl: urls[service], schema: service, migrationsDir: migrationsDirOf(service) });
  }
  return urls;
}

import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Every process of the product, as `npm start` runs it. */
export type ProcessSpec = {
  name: string;
  /** Entry point, relative to the repository root. */
  entry: string;
  /** Postgres schema owned by the process, if it keeps data. */
  schema?: string;
};

export const dataServices = ['catalog', 'checkout', 'family', 'scan', 'fulfilment', 'notifier'] as const;
export type DataService = (typeof dataServices)[number];

export const processes: ProcessSpec[] = [
  ...dataServices.map((name) => ({ name, entry: `services/${name}/src/server.ts`, schema: name })),
  { name: 'gateway', entry: 'services/gateway/src/server.ts' },
];

/** The entry file of a process, by name. */
export function entryOf(name: string): string {
  const spec = processes.find((process) => process.name === name);
  if (!spec) throw new Error(`no process named ${name}`);
  return spec.entry;
}

export function migrationsDirOf(service: DataService): string {
  return `${repoRoot}services/${service}/migrations`;
}

/** The least-privilege Postgres role a service connects as. */
export function roleOf(service: DataService): string {
  return `bracelet_${service}`;
}

/** A service's command (seeding, minting…), run with the service's own database. */
export function commandEntryOf(service: DataService, command: string): string {
  return `services/${service}/src/commands/${command}.ts`;
}

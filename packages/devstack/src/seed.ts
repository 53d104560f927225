import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runServiceCommand } from './commands.js';
import type { ServiceDatabaseUrls } from './provision.js';

export type DemoLogins = { staff: { email: string; password: string }; parent: { email: string; password: string } };
export type DemoData = DemoLogins & { bracelets: string[] };

const DEMO_BATCH = 'demo';
const DEMO_BRACELETS = 8;

/** Demo passwords are generated once per data folder (never a well-known password) and kept there. */
function loadDemoLogins(dataDir: string): DemoLogins {
  const file = join(dataDir, 'demo-logins.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoLogins;
  const logins: DemoLogins = {
    staff: { email: 'equipe@example.com', password: randomBytes(9).toString('base64url') },
    parent: { email: 'parent@example.com', password: randomBytes(9).toString('base64url') },
  };
  writeFileSync(file, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 });
  return logins;
}

/**
 * Seeds the demo data once, through the services' own commands: a staff account and a demo parent
 * (family), and 8 minted bracelets (fulfilment).
 */
export async function seedDemoData(urls: ServiceDatabaseUrls, dataDir: string): Promise<DemoData> {
  const logins = loadDemoLogins(dataDir);
  const accounts = [
    { role: 'staff', ...logins.staff, firstName: 'Équipe', lastName: 'Atelier', phone: null },
    { role: 'parent', ...logins.parent, firstName: 'Camille', lastName: 'Martin', phone: '+33612345678' },
  ];
  const [, , minted] = await Promise.all([
    runServiceCommand('family', 'ensure-accounts', { databaseUrl: urls.family, input: JSON.stringify(accounts) }),
    runServiceCommand('catalog', 'seed-catalogue', { databaseUrl: urls.catalog }),
    runServiceCommand('fulfilment', 'mint', {
      databaseUrl: urls.fulfilment,
      args: ['--count', String(DEMO_BRACELETS), '--label', DEMO_BATCH, '--once'],
    }),
  ]);
  return { ...logins, bracelets: minted.split('\n').filter(Boolean) };
}

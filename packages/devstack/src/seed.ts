import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAccount } from '@bracelet/family/seed';
import { findBraceletsByLabel, mintBracelets } from '@bracelet/fulfilment/minting';
import { createPool } from '@bracelet/service-kit';
import type { ServiceDatabaseUrls } from './provision.js';

export type DemoLogins = { staff: { email: string; password: string }; parent: { email: string; password: string } };
export type DemoData = DemoLogins & { bracelets: string[] };

const DEMO_BATCH = 'demo';
const DEMO_BRACELETS = 5;

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

/** Seeds the demo data once: a staff account, a demo parent, and 5 minted bracelets. */
export async function seedDemoData(urls: ServiceDatabaseUrls, dataDir: string): Promise<DemoData> {
  const logins = loadDemoLogins(dataDir);
  const family = createPool(urls.family, 'family', 2);
  const fulfilment = createPool(urls.fulfilment, 'fulfilment', 2);
  try {
    await ensureAccount(family, { role: 'staff', ...logins.staff, firstName: 'Équipe', lastName: 'Atelier', phone: null });
    await ensureAccount(family, { role: 'parent', ...logins.parent, firstName: 'Camille', lastName: 'Martin', phone: '+33612345678' });
    const bracelets =
      (await findBraceletsByLabel(fulfilment, DEMO_BATCH)) ??
      (await mintBracelets(fulfilment, { count: DEMO_BRACELETS, label: DEMO_BATCH }));
    return { ...logins, bracelets };
  } finally {
    await Promise.all([family.end(), fulfilment.end()]);
  }
}

import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Local secrets, generated once per data folder and never committed (.data is ignored). */
export type LocalSecrets = { postgresPassword: string; roleSecret: string; identitySecret: string };

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (stored.postgresPassword && stored.roleSecret && stored.identitySecret) return stored as LocalSecrets;
    // An older data folder: keep what it has, add what is missing.
    const completed = {
      roleSecret: randomBytes(32).toString('base64url'),
      identitySecret: randomBytes(32).toString('base64url'),
      ...stored,
    } as LocalSecrets;
    writeFileSync(file, `${JSON.stringify(completed, null, 2)}\n`, { mode: 0o600 });
    return completed;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: LocalSecrets = {
    postgresPassword: randomBytes(18).toString('base64url'),
    roleSecret: randomBytes(32).toString('base64url'),
    identitySecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** Each service role's password is derived from one secret, so it never needs storing apart. */
export function rolePassword(roleSecret: string, role: string): string {
  return createHmac('sha256', roleSecret).update(role).digest('base64url');
}

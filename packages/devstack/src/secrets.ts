import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Local secrets, generated once per data folder and never committed (.data is ignored). */
export type LocalSecrets = { postgresPassword: string; roleSecret: string; sessionSecret: string };

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: LocalSecrets = {
    postgresPassword: randomBytes(18).toString('base64url'),
    roleSecret: randomBytes(32).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** Each service role's password is derived from one secret, so it never needs storing apart. */
export function rolePassword(roleSecret: string, role: string): string {
  return createHmac('sha256', roleSecret).update(role).digest('base64url');
}

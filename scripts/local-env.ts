import { join } from 'node:path';
import { repoRoot } from '@bracelet/devstack';
import { logLevelSchema } from '@bracelet/service-kit';
import { z } from 'zod';

/** Settings of `npm start` and `npm run mint`, from the environment (all optional). */
export const localEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  /** Behind a TLS proxy: whom the gateway trusts for the client's address (see README). */
  TRUST_PROXY: z.string().min(1).optional(),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATA_DIR: z.string().min(1).default(join(repoRoot, '.data')),
  /** Derives the service roles' passwords; by default generated once in DATA_DIR/secrets.json. */
  DB_ROLE_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: logLevelSchema.default('info'),
});
export type LocalEnv = z.infer<typeof localEnvSchema>;

export function readLocalEnv(): LocalEnv {
  const result = localEnvSchema.safeParse(process.env);
  if (result.success) return result.data;
  for (const issue of result.error.issues) process.stderr.write(`${issue.path.join('.')}: ${issue.message}\n`);
  process.exit(1);
}

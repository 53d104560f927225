import { parseArgs } from 'node:util';
import { loadLocalSecrets, prepareDatabase, resolvePostgres } from '@bracelet/devstack';
import { MAX_MINT_BATCH, mintBracelets } from '@bracelet/fulfilment/minting';
import { createPool } from '@bracelet/service-kit';
import { z } from 'zod';
import { readLocalEnv } from './local-env.js';

// stdout carries the new ids, one per line and nothing else; everything else goes to stderr.
const note = (line: string) => process.stderr.write(`${line}\n`);

const argsSchema = z.object({
  count: z.coerce.number().int().min(1).max(MAX_MINT_BATCH),
  label: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .default(`lot-${new Date().toISOString().slice(0, 19)}`),
});

const { values } = parseArgs({ options: { count: { type: 'string' }, label: { type: 'string' } }, strict: true });
const args = argsSchema.safeParse(values);
if (!args.success) {
  note(`Usage : npm run mint -- --count N [--label "nom du lot"]   (1 ≤ N ≤ ${MAX_MINT_BATCH})`);
  process.exit(2);
}

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
  const pool = createPool(urls.fulfilment, 'fulfilment', 2);
  try {
    const ids = await mintBracelets(pool, args.data);
    process.stdout.write(`${ids.join('\n')}\n`);
    note(
      `${ids.length} bracelet(s) créés (lot « ${args.data.label} »). Ils seront annoncés aux services au prochain passage du relais de fulfilment.`,
    );
  } finally {
    await pool.end();
  }
} finally {
  await postgres.stop();
}

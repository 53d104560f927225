import { runCommand } from '@bracelet/service-kit';
import { z } from 'zod';
import { findBraceletsByLabel, MAX_MINT_BATCH, mintBracelets } from '../use-cases/mint-bracelets.js';

/**
 * Mints a batch of bracelet ids: stdout carries the ids, one per line, and nothing else. With
 * --once, a batch already minted under the label is printed instead of minting another (the demo
 * batch of `npm start`).
 */
await runCommand({
  name: 'fulfilment:mint',
  usage: `npm run mint -- --count N [--label "nom du lot"] [--once]   (1 ≤ N ≤ ${MAX_MINT_BATCH})`,
  options: { count: { type: 'string' }, label: { type: 'string' }, once: { type: 'boolean' } },
  args: z.object({
    count: z.coerce
      .number({ message: '--count doit être un nombre' })
      .int({ message: '--count doit être un entier' })
      .min(1, { message: '--count doit valoir au moins 1' })
      .max(MAX_MINT_BATCH, { message: `--count doit valoir au plus ${MAX_MINT_BATCH}` }),
    label: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .default(`lot-${new Date().toISOString().slice(0, 19)}`),
    once: z.boolean().default(false),
  }),
  run: async ({ db, args }) => {
    const existing = args.once ? await findBraceletsByLabel(db, args.label) : undefined;
    const ids = existing ?? (await mintBracelets(db, args));
    process.stdout.write(`${ids.join('\n')}\n`);
    if (!existing) {
      process.stderr.write(
        `${ids.length} bracelet(s) créés (lot « ${args.label} »). Ils seront annoncés aux services au prochain passage du relais de fulfilment.\n`,
      );
    }
  },
});

import { runCommand } from '@bracelet/service-kit';
import { z } from 'zod';
import { catalogueColours, catalogueProducts } from '../catalogue.js';
import { publishCatalogue } from '../use-cases/publish-catalogue.js';

/** Writes the shop's catalogue (catalogue.ts) and announces what changed. Prints `{"announced":[codes]}`. */
await runCommand({
  name: 'catalog:seed-catalogue',
  usage: 'seed-catalogue',
  options: {},
  args: z.object({}),
  run: async ({ db }) => {
    const announced = await publishCatalogue(db, catalogueColours, catalogueProducts);
    process.stdout.write(`${JSON.stringify({ announced })}\n`);
  },
});

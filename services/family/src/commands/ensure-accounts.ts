import { CommandUsageError, runCommand } from '@bracelet/service-kit';
import { z } from 'zod';
import { ensureAccount } from '../use-cases/ensure-account.js';

const accountsSchema = z.array(
  z.object({
    role: z.enum(['parent', 'staff']),
    email: z.email(),
    password: z.string().min(8),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    phone: z.string().nullable(),
  }),
);

/**
 * Creates the accounts read as JSON on stdin (passwords never travel on the command line), each
 * unless its address already has one. Prints `{"created":n}`. Used by `npm start` for the demo
 * accounts.
 */
await runCommand({
  name: 'family:ensure-accounts',
  usage: 'echo \'[{"role":"staff","email":…,"password":…,"firstName":…,"lastName":…,"phone":null}]\' | ensure-accounts',
  options: {},
  args: z.object({}),
  run: async ({ db, stdin }) => {
    const accounts = accountsSchema.safeParse(JSON.parse((await stdin()) || '[]'));
    if (!accounts.success) throw new CommandUsageError(accounts.error.issues.map((issue) => issue.message).join('; '));
    let created = 0;
    for (const account of accounts.data) if (await ensureAccount(db, account)) created += 1;
    process.stdout.write(`${JSON.stringify({ created })}\n`);
  },
});

import { type ParseArgsConfig, parseArgs } from 'node:util';
import pino from 'pino';
import type { z } from 'zod';
import { baseConfigSchema, ConfigError, parseConfig } from './config.js';
import { createPool, type Pool } from './db.js';
import type { Logger } from './logger.js';

/** What a command needs from the environment: its service's database, nothing else. */
export const commandConfigSchema = baseConfigSchema.pick({ DATABASE_URL: true, DATABASE_SCHEMA: true, LOG_LEVEL: true });

export class CommandUsageError extends Error {}

export type CommandDefinition<A> = {
  name: string;
  /** One line shown on stderr when the arguments are wrong (exit code 2). */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  args: z.ZodType<A>;
  /** Does the work; writes its result to stdout (and only its result). */
  run: (context: { db: Pool; args: A; log: Logger; stdin: () => Promise<string> }) => Promise<void>;
};

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * The main of a service's command (seeding, minting, staff accounts): parse arguments and the
 * environment, open the service's own database, run, exit. stdout carries the result only; logs
 * and messages go to stderr. Exit codes: 0 done, 1 failed, 2 wrong usage.
 */
export async function runCommand<A>(definition: CommandDefinition<A>): Promise<never> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  let parsed: A;
  try {
    const { values } = parseArgs({ options: definition.options, strict: true, allowPositionals: false });
    const result = definition.args.safeParse(values);
    if (!result.success) throw new CommandUsageError(result.error.issues.map((issue) => issue.message).join('; '));
    parsed = result.data;
  } catch (error) {
    say(`Usage : ${definition.usage}`);
    if (error instanceof Error) say(error.message);
    process.exit(2);
  }
  let config: z.infer<typeof commandConfigSchema>;
  try {
    config = parseConfig(definition.name, commandConfigSchema);
  } catch (error) {
    say(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  const log = pino({ name: definition.name, level: config.LOG_LEVEL }, pino.destination(2));
  const db = createPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 2);
  try {
    await definition.run({ db, args: parsed, log, stdin: readStdin });
    await db.end();
    process.exit(0);
  } catch (error) {
    if (error instanceof CommandUsageError) {
      say(`Usage : ${definition.usage}`);
      say(error.message);
      await db.end();
      process.exit(2);
    }
    say(`${definition.name} : ${error instanceof Error ? error.message : String(error)}`);
    await db.end().catch(() => undefined);
    process.exit(1);
  }
}

import { z } from 'zod';
import { fieldsOf, zodIssues } from './errors.js';
import { SHUTDOWN_GRACE_MS } from './listen.js';

/** Pino's levels, in one place for every process and script. */
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Settings every process reads, the gateway included. */
export const processConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: logLevelSchema.default('info'),
  /** Where Prometheus scrapes /metrics: a port of its own, never the public one (none if unset). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The metrics' address, if not HOST's (a gateway open on the LAN keeps its metrics on loopback). */
  METRICS_HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Signs (gateway) and verifies (services) the identity header; one value for all processes. */
  IDENTITY_SECRET: z.string().min(32, { message: 'au moins 32 caractères' }),
  /**
   * A second key the services also accept, only while the identity key is being rotated (the
   * gateway signs with IDENTITY_SECRET; docs/operations.md gives the order of the rollout).
   */
  IDENTITY_SECRET_ALT: z.string().min(32, { message: 'au moins 32 caractères' }).optional(),
  /**
   * After SIGTERM, in-flight requests and jobs get this long to finish; then the process drops its
   * connections and exits, whatever Postgres or Redis are doing (ADR 016).
   */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).default(SHUTDOWN_GRACE_MS),
});

/** Settings every data service reads: the process's, and its database, Redis and queues. Each service extends this. */
export const baseConfigSchema = processConfigSchema.extend({
  DATABASE_URL: z.url({ message: 'une URL postgres://… est attendue' }),
  /** The service's own Postgres schema; its role owns it and nothing else. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_]+$/),
  REDIS_URL: z.url({ message: 'une URL redis://… est attendue' }),
  /** Prefix of every BullMQ key, so test runs never share queues with each other or with dev. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('bracelet'),
  /** Waiting for a pool connection (or opening one) fails after this long: 503 (ADR 016). */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  /** A statement fails after this long (Postgres's statement_timeout, and the driver's own read timeout just after it). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Opening a Redis connection fails after this long. */
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  /** A Redis command (publishing, rate limits, readiness) fails after this long; never on BullMQ's blocking worker connection. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).default(1000),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly fields: Record<string, string[]>,
  ) {
    const lines = Object.entries(fields).map(([field, problems]) => `  ${field}: ${problems.join('; ')}`);
    super(`Invalid configuration for ${service}:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at boot; throws a ConfigError naming every bad field. */
export function parseConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(service, fieldsOf(zodIssues(result.error.issues), '(root)'));
}

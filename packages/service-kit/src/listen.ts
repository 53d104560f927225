import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.js';
import { closeWithin, type ShutdownPhases } from './shutdown.js';

/**
 * The default of SHUTDOWN_DEADLINE_MS: a process is gone 10 s after SIGTERM (ADR 016). The
 * manifests' grace periods are checked against it (tests/integration/operations-manifests.test.ts).
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Kept from the deadline for the last log line, dropping connections and exiting: the process is gone by the deadline. */
const EXIT_MARGIN_MS = 500;

type GraceOptions = {
  host: string;
  port: number;
  log: Logger;
  /** SHUTDOWN_DEADLINE_MS: how long in-flight requests and jobs get after SIGTERM (ADR 016). */
  deadlineMs: number;
  /** What to close, in order (shutdown.ts): typically workers and HTTP together, then the relay, Redis, the pool. */
  phases: ShutdownPhases;
  /** Drops what the deadline left open (Redis connections), without waiting, just before exiting. */
  force?: () => void;
};

/**
 * Listens, and on SIGTERM/SIGINT closes `phases` within the deadline, then exits: 0 when all
 * closed, 1 when the deadline cut them short — the log line names what was abandoned. A job cut
 * short never committed (its connection dies with the process, so Postgres rolls it back) and
 * BullMQ gives it to another worker once its lock lapses (ADR 015).
 */
export async function listenWithGrace(app: FastifyInstance, { host, port, log, deadlineMs, phases, force }: GraceOptions): Promise<void> {
  let stopping = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C under npm start reaches every process, and the orchestrator then sends its own SIGTERM:
    // a second signal changes nothing, the deadline already bounds the wait.
    if (stopping) return;
    stopping = true;
    log.info({ signal, deadlineMs }, 'shutting down');
    const outcome = await closeWithin(phases, Math.max(deadlineMs - EXIT_MARGIN_MS, deadlineMs / 2), log);
    if (outcome.completed) {
      log.info('stopped');
      process.exit(0);
    }
    log.warn({ abandoned: outcome.abandoned, deadlineMs }, `shutdown deadline reached, abandoned: ${outcome.abandoned.join(', ')}`);
    try {
      force?.();
    } finally {
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host, port });
  } catch (error) {
    log.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  }
}

/** Prints a ConfigError's field list and exits: a process with bad settings must not start. */
export function exitOnConfigError(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

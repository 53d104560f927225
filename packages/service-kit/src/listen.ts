import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.js';

const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Listens, and on SIGTERM/SIGINT runs `close` (which must close workers, then HTTP, then
 * connections, in that order) before exiting; a close that hangs is cut short.
 */
export async function listenWithGrace(
  app: FastifyInstance,
  { host, port, log, close }: { host: string; port: number; log: Logger; close: () => Promise<void> },
): Promise<void> {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
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

import type { Logger } from '@bracelet/service-kit';
import type { Redis } from 'ioredis';

/**
 * Counts wrong passwords per account (whatever the client address), so a password cannot be
 * guessed by rotating addresses. If Redis is unreachable the check fails open and says so in
 * the logs: a Redis outage must not lock every parent out.
 */
export function createLoginThrottle(
  redis: Redis,
  log: Logger,
  { maxFailures, windowSeconds, prefix }: { maxFailures: number; windowSeconds: number; prefix: string },
) {
  const key = (email: string) => `${prefix}:login-failures:${email.trim().toLowerCase()}`;
  return {
    async isLocked(email: string): Promise<boolean> {
      try {
        const count = Number((await redis.get(key(email))) ?? 0);
        return count >= maxFailures;
      } catch (error) {
        log.warn({ err: error }, 'login throttle unavailable');
        return false;
      }
    },
    async recordFailure(email: string): Promise<void> {
      try {
        await redis.multi().incr(key(email)).expire(key(email), windowSeconds, 'NX').exec();
      } catch (error) {
        log.warn({ err: error }, 'login throttle unavailable');
      }
    },
    async clear(email: string): Promise<void> {
      await redis.del(key(email)).catch(() => undefined);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

import type { Logger } from '@bracelet/service-kit';
import type { Redis } from 'ioredis';

export type LoginThrottleLimits = {
  /** Wrong passwords one address may try on one account per window, then 429 for that pair. */
  maxFailuresPerPair: number;
  /** Wrong passwords one address may try across all accounts per window (credential stuffing). */
  maxFailuresPerAddress: number;
  /** Wrong passwords on one account (from anywhere) after which addresses that failed wait longer and longer. */
  slowdownAfter: number;
  /** Longest wait, in seconds, imposed on an address between two of its own failures. */
  maxDelaySeconds: number;
  /** Wrong passwords on one account after which only addresses that logged into it before may try. */
  closeToStrangersAfter: number;
  windowSeconds: number;
  prefix: string;
};

export type LoginVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Wrong passwords are counted per (account, address), per address and per account. The account
 * count never walls the account off: it only makes an address that has itself failed wait
 * longer between tries (1 s, 2 s, 4 s… up to maxDelaySeconds), so strangers guessing from many
 * addresses cannot lock the owner out — an address with no failure of its own, and any address
 * the owner logged in from before, still gets in with the right password. If Redis is unreachable
 * the checks fail open and say so in the logs: a Redis outage must not lock every parent out.
 */
export function createLoginThrottle(redis: Redis, log: Logger, limits: LoginThrottleLimits) {
  const { prefix, windowSeconds } = limits;
  const keys = (email: string, address: string) => ({
    pair: `${prefix}:login:pair:${email}:${address}`,
    pairLast: `${prefix}:login:pair-last:${email}:${address}`,
    address: `${prefix}:login:address:${address}`,
    account: `${prefix}:login:account:${email}`,
    warned: `${prefix}:login:warned:${email}`,
    known: `${prefix}:login:known:${email}`,
  });

  return {
    /** Whether this address may try a password on this account now. */
    async check(email: string, address: string, now = Date.now()): Promise<LoginVerdict> {
      const key = keys(email, address);
      try {
        const [pair, pairLast, byAddress, account, known] = await redis
          .multi()
          .get(key.pair)
          .get(key.pairLast)
          .get(key.address)
          .get(key.account)
          .sismember(key.known, address)
          .exec()
          .then((results) => (results ?? []).map(([, value]) => value));
        const pairFailures = Number(pair ?? 0);
        const accountFailures = Number(account ?? 0);
        const retryLater = { allowed: false as const, retryAfterSeconds: windowSeconds };
        if (pairFailures >= limits.maxFailuresPerPair) return retryLater;
        if (Number(byAddress ?? 0) >= limits.maxFailuresPerAddress) return retryLater;
        if (accountFailures >= limits.closeToStrangersAfter && known !== 1) return retryLater;
        if (pairFailures > 0 && accountFailures > limits.slowdownAfter) {
          const delaySeconds = Math.min(2 ** (accountFailures - limits.slowdownAfter - 1), limits.maxDelaySeconds);
          const waitMs = Number(pairLast ?? 0) + delaySeconds * 1000 - now;
          if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
        }
        return { allowed: true };
      } catch (error) {
        log.warn({ err: error }, 'login throttle unavailable');
        return { allowed: true };
      }
    },

    /**
     * Counts a wrong password. Returns the account's failures in the window when this one crosses
     * `warnAt` for the first time in the window (its owner is to be told), else undefined.
     */
    async recordFailure(email: string, address: string, warnAt: number, now = Date.now()): Promise<number | undefined> {
      const key = keys(email, address);
      try {
        const results = await redis
          .multi()
          .incr(key.pair)
          .expire(key.pair, windowSeconds, 'NX')
          .set(key.pairLast, String(now), 'EX', windowSeconds)
          .incr(key.address)
          .expire(key.address, windowSeconds, 'NX')
          .incr(key.account)
          .expire(key.account, windowSeconds, 'NX')
          .exec();
        const accountFailures = Number(results?.[5]?.[1] ?? 0);
        if (accountFailures < warnAt) return undefined;
        const first = await redis.set(key.warned, '1', 'EX', windowSeconds, 'NX');
        return first === 'OK' ? accountFailures : undefined;
      } catch (error) {
        log.warn({ err: error }, 'login throttle unavailable');
        return undefined;
      }
    },

    /** A successful login: this pair starts afresh, and the address is known to the account. */
    async recordSuccess(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      await redis
        .multi()
        .del(key.pair, key.pairLast)
        .sadd(key.known, address)
        .expire(key.known, 90 * 24 * 3600)
        .exec()
        .catch((error) => log.warn({ err: error }, 'login throttle unavailable'));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

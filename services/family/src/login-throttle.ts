import { type Logger, networkOf } from '@bracelet/service-kit';
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
  /** Wrong passwords on one account after which only addresses known to it may try. */
  closeToStrangersAfter: number;
  windowSeconds: number;
  prefix: string;
};

export type LoginAttempt = { allowed: true; accountFailures: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Decides and counts in one step, so attempts sent together cannot all pass before any is
 * counted: an allowed attempt is counted as a failure at once, and given back if the password
 * was right. Returns {allowed, seconds-to-wait-or-account-failures}.
 */
const ATTEMPT_SCRIPT = `
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local last = tonumber(redis.call('GET', KEYS[2]) or '0')
local byAddress = tonumber(redis.call('GET', KEYS[3]) or '0')
local account = tonumber(redis.call('GET', KEYS[4]) or '0')
local known = redis.call('SISMEMBER', KEYS[5], ARGV[8])
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local function wait(key)
  local ttl = redis.call('TTL', key)
  if ttl < 1 then ttl = window end
  return {0, ttl}
end
if pair >= tonumber(ARGV[3]) then return wait(KEYS[1]) end
if known == 0 and byAddress >= tonumber(ARGV[4]) then return wait(KEYS[3]) end
if known == 0 and account >= tonumber(ARGV[7]) then return wait(KEYS[4]) end
local slowdownAfter = tonumber(ARGV[5])
if pair > 0 and account > slowdownAfter then
  local delayMs = math.min(2 ^ (account - slowdownAfter - 1), tonumber(ARGV[6])) * 1000
  local waitMs = last + delayMs - now
  if waitMs > 0 then return {0, math.ceil(waitMs / 1000)} end
end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], window, 'NX')
redis.call('SET', KEYS[2], now, 'EX', window)
redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], window, 'NX')
local failures = redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], window, 'NX')
return {1, failures}
`;

/** Gives back an attempt that turned out right: its pair starts afresh, and its address is known. */
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1], KEYS[2])
if tonumber(redis.call('GET', KEYS[3]) or '0') > 0 then redis.call('DECR', KEYS[3]) end
if tonumber(redis.call('GET', KEYS[4]) or '0') > 0 then redis.call('DECR', KEYS[4]) end
redis.call('SADD', KEYS[5], ARGV[1])
redis.call('EXPIRE', KEYS[5], ARGV[2])
return 1
`;

const KNOWN_ADDRESS_SECONDS = 90 * 24 * 3600;

/** One client, as the throttle counts it: an IPv4 address, or an IPv6 /64. */
export const clientKey = (address: string) => networkOf(address, { ipv4: 32, ipv6: 64 });

/**
 * Wrong passwords are counted per (account, client), per client and per account. The account
 * count never walls the account off from its owner: it makes a client that has itself failed
 * wait longer between tries (1 s, 2 s, 4 s… up to maxDelaySeconds), and only past
 * closeToStrangersAfter does it refuse clients never known to the account — a client becomes
 * known by logging in or by resetting the password through the e-mailed link, so the owner always
 * has a way in. If Redis is unreachable the checks fail open and say so in the logs: a Redis
 * outage must not lock every parent out.
 */
export function createLoginThrottle(redis: Redis, log: Logger, limits: LoginThrottleLimits) {
  const { prefix, windowSeconds } = limits;
  const keysOf = (email: string, address: string) => {
    const client = clientKey(address);
    return {
      client,
      keys: [
        `${prefix}:login:pair:${email}:${client}`,
        `${prefix}:login:pair-last:${email}:${client}`,
        `${prefix}:login:client:${client}`,
        `${prefix}:login:account:${email}`,
        `${prefix}:login:known:${email}`,
      ],
    };
  };

  return {
    /** Whether this client may try a password on this account now; an allowed attempt is counted. */
    async attempt(email: string, address: string, now = Date.now()): Promise<LoginAttempt> {
      const { client, keys } = keysOf(email, address);
      try {
        const [allowed, value] = (await redis.eval(
          ATTEMPT_SCRIPT,
          keys.length,
          ...keys,
          now,
          windowSeconds,
          limits.maxFailuresPerPair,
          limits.maxFailuresPerAddress,
          limits.slowdownAfter,
          limits.maxDelaySeconds,
          limits.closeToStrangersAfter,
          client,
        )) as [number, number];
        return allowed === 1 ? { allowed: true, accountFailures: value } : { allowed: false, retryAfterSeconds: value };
      } catch (error) {
        log.warn({ err: error }, 'login throttle unavailable');
        return { allowed: true, accountFailures: 0 };
      }
    },

    /** The password was right (or reset through the e-mailed link): give the attempt back, know the client. */
    async recordSuccess(email: string, address: string): Promise<void> {
      const { client, keys } = keysOf(email, address);
      await redis
        .eval(SUCCESS_SCRIPT, keys.length, ...keys, client, KNOWN_ADDRESS_SECONDS)
        .catch((error) => log.warn({ err: error }, 'login throttle unavailable'));
    },

    /** True once a day when an account's failures in a window reach `warnAt`: its owner is to be told. */
    async shouldWarnOwner(email: string, accountFailures: number, warnAt: number): Promise<boolean> {
      if (accountFailures < warnAt) return false;
      // Once a day at most: one e-mail tells the owner; more would only flood them.
      const first = await redis.set(`${prefix}:login:warned:${email}`, '1', 'EX', 24 * 3600, 'NX').catch(() => null);
      return first === 'OK';
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

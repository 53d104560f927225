import { type Logger, type PoolClient, type Queryable, withTimeout } from '@bracelet/service-kit';
import type { CardCache } from './card-cache.js';

/** Postgres channel announcing changed cards to every scan replica (ADR 019). */
export const CARD_CHANGES_CHANNEL = 'scan_cards_changed';

/** Postgres refuses payloads from 8,000 bytes: a longer list is announced as "every card". */
const MAX_PAYLOAD_BYTES = 7_000;
const ALL = '*';

/**
 * Announces, in the writer's transaction, that these cards changed. Postgres delivers it to every
 * listener when, and only if, the transaction commits, after its changes are visible.
 */
export async function announceCardChanges(tx: Queryable, braceletIds: readonly string[]): Promise<void> {
  if (braceletIds.length === 0) return;
  const list = JSON.stringify(braceletIds);
  await tx.query('SELECT pg_notify($1, $2)', [CARD_CHANGES_CHANNEL, Buffer.byteLength(list) > MAX_PAYLOAD_BYTES ? ALL : list]);
}

/** The bracelets an announcement names; anything unexpected counts as every card. */
export function changedCardsOf(payload: string | undefined): string[] | 'all' {
  if (!payload || payload === ALL) return 'all';
  try {
    const ids: unknown = JSON.parse(payload);
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return ids;
  } catch {
    // falls through
  }
  return 'all';
}

export type CardChangeListenerOptions = {
  /** A dedicated connection (never one of the request pool's: it is held for good). */
  connect: () => Promise<PoolClient>;
  cache: CardCache;
  log: Logger;
  /** How often the connection is checked (a connection dead without a word delivers nothing). */
  heartbeatMs?: number;
  /**
   * How long a check may take before the connection counts as lost. Longer than the interval: a
   * lookup flood delays the event loop and Postgres, and each loss empties the cache.
   */
  heartbeatDeadlineMs?: number;
  /** First wait before subscribing again after a loss or a failure; doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * Keeps a LISTEN on the card-changes channel and applies what it hears to the cache. The cache
 * serves only while the subscription is known to be alive: it is told `subscribed` once LISTEN
 * has succeeded, and `unsubscribed` as soon as the connection errs, ends or misses a heartbeat.
 */
export function listenForCardChanges({
  connect,
  cache,
  log,
  heartbeatMs = 1_000,
  heartbeatDeadlineMs = 2_500,
  retryMs = 250,
  maxRetryMs = 5_000,
}: CardChangeListenerOptions): { stop(): Promise<void> } {
  let stopped = false;
  let current: PoolClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const released = new WeakSet<PoolClient>();

  const destroy = (client: PoolClient, error: Error) => {
    if (released.has(client)) return;
    released.add(client);
    // Released with an error: the pool closes the connection instead of keeping it.
    client.release(error);
  };

  const retryLater = () => {
    if (stopped) return;
    const delay = Math.min(retryMs * 2 ** failures, maxRetryMs);
    failures += 1;
    timer = setTimeout(() => void subscribe(), delay);
  };

  const lost = (client: PoolClient, error: Error) => {
    if (client !== current) return destroy(client, error);
    current = undefined;
    cache.unsubscribed();
    if (timer) clearTimeout(timer);
    timer = undefined;
    destroy(client, error);
    if (stopped) return;
    log.warn({ err: error }, 'card change listener lost: finders read cards from Postgres until it is back');
    retryLater();
  };

  const heartbeat = (client: PoolClient) => {
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await withTimeout(client.query('SELECT 1'), heartbeatDeadlineMs, 'card change listener heartbeat');
        if (client === current && !stopped) heartbeat(client);
      } catch (error) {
        lost(client, error as Error);
      }
    }, heartbeatMs);
  };

  async function subscribe(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    let client: PoolClient | undefined;
    try {
      client = await connect();
      const own = client;
      own.on('notification', (message) => {
        if (message.channel === CARD_CHANGES_CHANNEL) cache.invalidate(changedCardsOf(message.payload));
      });
      own.on('error', (error) => lost(own, error));
      own.on('end', () => lost(own, new Error('card change listener connection ended')));
      await withTimeout(own.query(`LISTEN ${CARD_CHANGES_CHANNEL}`), 5_000, 'LISTEN');
      const { rows } = await withTimeout(own.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'), 5_000, 'listener pid');
      if (stopped || released.has(own)) {
        // Stopped, or lost between LISTEN and here (lost() only retries for the current connection).
        destroy(own, new Error('card change listener stopped'));
        retryLater();
        return;
      }
      current = own;
      failures = 0;
      cache.subscribed(rows[0]?.pid);
      log.info('card change listener subscribed: finders are served from the card cache');
      heartbeat(own);
    } catch (error) {
      if (client) destroy(client, error as Error);
      if (stopped) return;
      if (failures === 0 || failures % 10 === 0) log.warn({ err: error }, 'card change listener cannot subscribe yet');
      retryLater();
    }
  }

  void subscribe();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const client = current;
      current = undefined;
      cache.unsubscribed();
      if (client) destroy(client, new Error('card change listener stopped'));
    },
  };
}

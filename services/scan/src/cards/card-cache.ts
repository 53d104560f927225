import { defineCounter, type Pool } from '@bracelet/service-kit';
import type { ScanCard } from '../db/scan-cards.repository.js';

const lookups = defineCounter(
  'scan_card_cache_lookups_total',
  "Finders' card reads: served from the cache, read from Postgres, or read while the cache is off.",
  ['result'],
);

export type CardCacheOptions = {
  /** How long a card read from Postgres may be served again (0: no cache). */
  ttlMs: number;
  /** Cards kept at most; the least recently served is dropped first. */
  maxEntries: number;
  now?: () => number;
};

export type CardCacheStatus = {
  /** Whether the change listener is subscribed: only then is anything served or kept. */
  subscribed: boolean;
  size: number;
  /** Bumped by every invalidation, and when the listener is lost or subscribed again. */
  generation: number;
  /** The listener's Postgres backend (tests end it to see the cache stop serving). */
  listenerPid: number | undefined;
};

/**
 * The finder's card, served from memory when it was read from Postgres within `ttlMs` (ADR 019).
 *
 * - Only while the change listener is subscribed (`subscribed()`): any change committed since is
 *   then announced to this process (NOTIFY, card-changes.ts). When the listener is lost the cache
 *   is emptied and every read goes to Postgres until it is subscribed again.
 * - A read stores its card only if no invalidation (nor a loss or a new subscription of the
 *   listener) happened while it read: a card read just before a change, whose invalidation
 *   arrived before the read came back, is answered to that one lookup but never kept.
 * - Unknown bracelets are never kept: a flood of made-up ids costs no memory.
 */
export function createCardCache(load: (braceletId: string) => Promise<ScanCard | undefined>, options: CardCacheOptions) {
  // A monotonic clock: a wall-clock step back would keep cards past their TTL.
  const { ttlMs, maxEntries, now = () => performance.now() } = options;
  const entries = new Map<string, { card: ScanCard; expiresAt: number }>();
  let generation = 0;
  let subscribed = false;
  let listenerPid: number | undefined;

  const dropAll = () => {
    generation += 1;
    entries.clear();
  };

  return {
    async findByBraceletId(braceletId: string): Promise<ScanCard | undefined> {
      if (!subscribed || ttlMs <= 0) {
        lookups.inc({ result: 'bypass' });
        return load(braceletId);
      }
      const readAt = now();
      const entry = entries.get(braceletId);
      if (entry) {
        entries.delete(braceletId);
        if (entry.expiresAt > readAt) {
          // Most recently served last: the oldest is the first key.
          entries.set(braceletId, entry);
          lookups.inc({ result: 'hit' });
          return entry.card;
        }
      }
      lookups.inc({ result: 'miss' });
      const started = generation;
      const card = await load(braceletId);
      if (card && subscribed && generation === started) {
        // Its age counts from before the read: the card may be as old as the read's start.
        entries.set(braceletId, { card, expiresAt: readAt + ttlMs });
        if (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
      }
      return card;
    },

    /** Forgets these bracelets' cards ('all': every card), and makes reads under way not keep theirs. */
    invalidate(braceletIds: readonly string[] | 'all'): void {
      generation += 1;
      if (braceletIds === 'all') entries.clear();
      else for (const id of braceletIds) entries.delete(id);
    },

    /** The listener is subscribed: every change committed from now on will be announced. */
    subscribed(pid?: number): void {
      dropAll();
      subscribed = true;
      listenerPid = pid;
    },

    /** The listener is lost: changes may go unannounced, so nothing is served or kept until it is back. */
    unsubscribed(): void {
      dropAll();
      subscribed = false;
      listenerPid = undefined;
    },

    has(braceletId: string): boolean {
      return entries.has(braceletId);
    },

    status(): CardCacheStatus {
      return { subscribed, size: entries.size, generation, listenerPid };
    },
  };
}
export type CardCache = ReturnType<typeof createCardCache>;

/**
 * The card cache of the app built on this pool. The event handlers run on the same pool (the
 * consumer's, or a test's runHandler): they drop the cards they change from their own process's
 * cache at once, before the commit's NOTIFY comes back, so this process reads its own writes.
 */
const cachesByPool = new WeakMap<Pool, CardCache>();

export function registerCardCache(db: Pool, cache: CardCache): () => void {
  cachesByPool.set(db, cache);
  return () => {
    if (cachesByPool.get(db) === cache) cachesByPool.delete(db);
  };
}

export function cardCacheOf(db: Pool): CardCache | undefined {
  return cachesByPool.get(db);
}

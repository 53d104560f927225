import { randomInt, randomUUID } from 'node:crypto';
import { BRACELET_ID_ALPHABET, BRACELET_ID_LENGTH, createEvent } from '@bracelet/contracts';
import { createLogger, createPool, withTransaction } from '@bracelet/service-kit';
import { eventually, startFreezableProxy } from '@bracelet/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { cardCacheOf, createCardCache } from '../src/cards/card-cache.js';
import { announceCardChanges, listenForCardChanges } from '../src/cards/card-changes.js';
import { createScanCardRepository, type ScanCard } from '../src/db/scan-cards.repository.js';
import { scanEventHandlers } from '../src/events/handlers.js';
import { applyTo, startScanApp } from './scan-app.js';

// The finder's card cache (ADR 019) with two scan apps on one database, as two replicas: events
// are applied by replica A (its consumer), lookups answered by replica B. B keeps cards 60 s, so
// only the announcement of a change (NOTIFY) can make B read a card anew within a test.
const unlimited = { SCAN_LOOKUPS_PER_MINUTE: '100000' };
const replicaA = await startScanApp(unlimited);
const replicaB = await startScanApp({ ...unlimited, SCAN_CARD_CACHE_TTL_MS: '60000' });
const started = [replicaA, replicaB];
afterAll(() => Promise.all(started.map((replica) => replica.close())));
const applyOnA = applyTo(replicaA);

type Replica = typeof replicaA;
const cacheOf = (replica: Replica) => {
  const cache = cardCacheOf(replica.db);
  if (!cache) throw new Error('no card cache registered for this app');
  return cache;
};
const subscribed = (replica: Replica) => eventually(() => (cacheOf(replica).status().subscribed ? true : undefined), 5_000, 10);
/** Until the replica has dropped the card (the change's announcement reached it). */
const dropped = (replica: Replica, id: string) => eventually(() => (cacheOf(replica).has(id) ? undefined : true), 2_000, 5);
const lookUp = async (replica: Replica, id: string) => replica.app.inject({ url: `/get_child_by_bracelet/${id}` });
const cardOn = async (replica: Replica, id: string) => (await lookUp(replica, id)).json();
/**
 * Looks the card up until the replica keeps it: a read during which any announcement arrives (the
 * setup's own, just committed) is answered but not kept.
 */
const cachedOn = (replica: Replica, id: string) =>
  eventually(
    async () => {
      const card = await cardOn(replica, id);
      return cacheOf(replica).has(id) ? card : undefined;
    },
    2_000,
    5,
  );

const newBraceletId = () => Array.from({ length: BRACELET_ID_LENGTH }, () => BRACELET_ID_ALPHABET[randomInt(32)]).join('');
const parent = { id: randomUUID(), email: 'parent@example.com', firstName: 'Camille' };
const child = { id: randomUUID(), firstName: 'Léa', surname: 'Martin', birthDate: '2018-05-04', photo: null };
const contact = { firstName: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null };

async function configured(ofChild = child) {
  const id = newBraceletId();
  await applyOnA(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
  await applyOnA(createEvent('bracelet.associated', { braceletId: id, parent, child: ofChild, emergencyContact: contact }));
  return id;
}

describe("the finder's card cache", () => {
  it('serves a card read recently from memory (the scan still recorded), and reads it again after its TTL', async () => {
    const shortLived = await startScanApp({ ...unlimited, SCAN_CARD_CACHE_TTL_MS: '400' });
    started.push(shortLived);
    await subscribed(shortLived);
    const id = await configured();
    expect((await cachedOn(shortLived, id)).emergency_contact.phone).toBe('+33612345678');
    const scansOf = async () =>
      (await replicaA.db.query('SELECT count(*)::int AS n FROM scan_log WHERE bracelet_id = $1', [id])).rows[0]?.n;
    const scansBefore = await scansOf();
    // A change made by hand, which no announcement covers: the card in memory is answered…
    await replicaA.db.query(
      `UPDATE scan_cards SET emergency_contact = emergency_contact || '{"phone": "+33699999999"}' WHERE bracelet_id = $1`,
      [id],
    );
    expect((await cardOn(shortLived, id)).emergency_contact.phone).toBe('+33612345678');
    // …and each lookup is still a recorded scan, as without the cache.
    expect(await scansOf()).toBe(scansBefore + 1);
    // …until the TTL has passed.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await cardOn(shortLived, id)).emergency_contact.phone).toBe('+33699999999');
  });

  it("shows every change applied by another replica's handlers on this replica's next lookup", async () => {
    await subscribed(replicaB);
    const sibling = { ...child, id: randomUUID(), firstName: 'Noé' };
    const first = await configured(sibling);
    const second = await configured(sibling);
    for (const id of [first, second]) expect((await cachedOn(replicaB, id)).emergency_contact.phone).toBe('+33612345678');

    // child.updated: every bracelet of the child.
    const newContact = { ...contact, phone: '+33611111111' };
    await applyOnA(createEvent('child.updated', { parent, child: { ...sibling, surname: null }, emergencyContact: newContact }));
    for (const id of [first, second]) {
      await dropped(replicaB, id);
      const card = await cardOn(replicaB, id);
      expect(card.emergency_contact.phone).toBe('+33611111111');
      expect(card.child.surname).toBeNull();
    }

    // bracelet.reset: that bracelet only.
    expect(cacheOf(replicaB).has(first)).toBe(true);
    await applyOnA(createEvent('bracelet.reset', { braceletId: first, parentId: parent.id }));
    await dropped(replicaB, first);
    expect(await cardOn(replicaB, first)).toEqual({ bracelet: { id: first, configured: '0' }, child: null, emergency_contact: null });
    expect(cacheOf(replicaB).has(second)).toBe(true);

    // child.deleted.
    await applyOnA(createEvent('child.deleted', { parentId: parent.id, childId: sibling.id }));
    await dropped(replicaB, second);
    expect(await cardOn(replicaB, second)).toEqual({ bracelet: { id: second, configured: '1' }, child: null, emergency_contact: null });

    // bracelet.associated: linked anew, by another family.
    expect(cacheOf(replicaB).has(first)).toBe(true);
    const other = { id: randomUUID(), email: 'autre@example.com', firstName: 'Inès' };
    await applyOnA(
      createEvent('bracelet.associated', {
        braceletId: first,
        parent: other,
        child: { ...child, id: randomUUID(), firstName: 'Zoé' },
        emergencyContact: contact,
      }),
    );
    await dropped(replicaB, first);
    expect((await cardOn(replicaB, first)).child.first_name).toBe('Zoé');

    // bracelets.minted: an id unknown a moment ago is found at once (unknown ids are never kept).
    const minted = newBraceletId();
    expect((await lookUp(replicaB, minted)).statusCode).toBe(404);
    await applyOnA(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [minted] }));
    expect((await lookUp(replicaB, minted)).statusCode).toBe(200);
  });

  it("drops a card from the handling replica's own cache before the change commits, so it reads its own writes", async () => {
    await subscribed(replicaA);
    const id = await configured();
    await cachedOn(replicaA, id);
    const event = createEvent('child.updated', { parent, child, emergencyContact: { ...contact, phone: '+33666666666' } });
    await withTransaction(replicaA.db, async (tx) => {
      await scanEventHandlers['child.updated'](event, { tx, db: replicaA.db, log: replicaA.log });
      // No announcement can have arrived yet: it is sent at the commit.
      expect(cacheOf(replicaA).has(id)).toBe(false);
    });
    expect((await cardOn(replicaA, id)).emergency_contact.phone).toBe('+33666666666');
  });

  it('drops every card when a change names too many cards for one announcement', async () => {
    await subscribed(replicaB);
    const id = await configured();
    await cachedOn(replicaB, id);
    // 400 ids do not fit in a NOTIFY payload (8,000 bytes): announced as "every card".
    await announceCardChanges(replicaA.db, Array.from({ length: 400 }, newBraceletId));
    await dropped(replicaB, id);
  });

  it('keeps its cards when a batch is minted (new ids were never cached; nothing to announce)', async () => {
    await subscribed(replicaB);
    const id = await configured();
    await cachedOn(replicaB, id);
    await applyOnA(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: Array.from({ length: 400 }, newBraceletId) }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cacheOf(replicaB).has(id)).toBe(true);
  });

  it('reads from Postgres while its change listener is lost, keeps nothing meanwhile, and caches again once it is back', async () => {
    // A long wait before subscribing again, so the test sees the time without a listener.
    const lonely = await startScanApp({ ...unlimited, SCAN_CARD_CACHE_TTL_MS: '60000', SCAN_CARD_LISTENER_RETRY_MS: '3000' });
    started.push(lonely);
    await subscribed(lonely);
    const id = await configured();
    await cachedOn(lonely, id);

    const { listenerPid } = cacheOf(lonely).status();
    await replicaA.db.query('SELECT pg_terminate_backend($1)', [listenerPid]);
    await eventually(() => (cacheOf(lonely).status().subscribed ? undefined : true), 2_000, 5);
    expect(cacheOf(lonely).status().size).toBe(0);

    // Changes nobody can announce to it now: each lookup reads the card as committed.
    for (const phone of ['+33622222222', '+33633333333']) {
      await applyOnA(createEvent('child.updated', { parent, child, emergencyContact: { ...contact, phone } }));
      expect((await cardOn(lonely, id)).emergency_contact.phone).toBe(phone);
      expect(cacheOf(lonely).has(id)).toBe(false);
    }

    // Subscribed again: cards are kept again, and changes announced again.
    await subscribed(lonely);
    expect(cacheOf(lonely).status().listenerPid).not.toBe(listenerPid);
    await cachedOn(lonely, id);
    await applyOnA(createEvent('child.updated', { parent, child, emergencyContact: { ...contact, phone: '+33644444444' } }));
    await dropped(lonely, id);
    expect((await cardOn(lonely, id)).emergency_contact.phone).toBe('+33644444444');
  });

  it('stops serving when its listener connection goes silent (a frozen or unreachable server), and serves again once it answers', async () => {
    const { hostname, port } = new URL(replicaA.config.DATABASE_URL);
    const proxy = await startFreezableProxy({ host: hostname, port: Number(port || 5432) });
    const listenerPool = createPool(proxy.url(replicaA.config.DATABASE_URL), 'scan', 1, { acquireMs: 500, statementMs: 1_000 });
    listenerPool.on('error', () => undefined);
    const cache = createCardCache(createScanCardRepository(replicaA.db).findByBraceletId, { ttlMs: 60_000, maxEntries: 100 });
    const listener = listenForCardChanges({
      connect: () => listenerPool.connect(),
      cache,
      log: createLogger('test', 'silent'),
      heartbeatMs: 200,
      heartbeatDeadlineMs: 300,
    });
    try {
      await eventually(() => (cache.status().subscribed ? true : undefined), 5_000, 10);
      const id = await configured();
      await eventually(async () => ((await cache.findByBraceletId(id)) && cache.has(id) ? true : undefined), 2_000, 5);
      // Nothing is delivered through a silent connection: the heartbeat finds it out.
      proxy.freeze();
      await eventually(() => (cache.status().subscribed ? undefined : true), 2_000, 10);
      expect(cache.status().size).toBe(0);
      proxy.thaw();
      await eventually(() => (cache.status().subscribed ? true : undefined), 5_000, 10);
    } finally {
      await listener.stop();
      await listenerPool.end();
      await proxy.close();
    }
  });

  it('never keeps a card read before a change whose announcement arrived while it was being read', async () => {
    const id = await configured();
    const repository = createScanCardRepository(replicaA.db);
    // The read pauses after Postgres answered, until the test lets it go on.
    let pause: { read: () => void; resume: Promise<void> } | undefined;
    const cache = createCardCache(
      async (braceletId) => {
        const card = await repository.findByBraceletId(braceletId);
        if (pause) {
          pause.read();
          await pause.resume;
        }
        return card;
      },
      { ttlMs: 60_000, maxEntries: 100 },
    );
    const announced: string[] = [];
    const listenerPool = createPool(replicaA.config.DATABASE_URL, 'scan', 1);
    const listener = listenForCardChanges({
      connect: () => listenerPool.connect(),
      cache: {
        ...cache,
        invalidate: (ids) => {
          if (ids !== 'all') announced.push(...ids);
          cache.invalidate(ids);
        },
      },
      log: createLogger('test', 'silent'),
    });
    try {
      await eventually(() => (cache.status().subscribed ? true : undefined), 5_000, 10);
      let resume = () => {};
      let read = () => {};
      const hasRead = new Promise<void>((resolve) => {
        read = resolve;
      });
      pause = { read, resume: new Promise<void>((resolve) => (resume = resolve)) };
      const reading = cache.findByBraceletId(id);
      await hasRead;

      // The change commits and its announcement arrives while the old card is on its way back.
      await applyOnA(createEvent('child.updated', { parent, child, emergencyContact: { ...contact, phone: '+33655555555' } }));
      await eventually(() => (announced.includes(id) ? true : undefined), 2_000, 5);
      pause = undefined;
      resume();
      // That lookup began before the change: it may answer the card it read…
      expect(((await reading) as ScanCard).emergencyContact?.phone).toBe('+33612345678');
      // …but nobody after it.
      expect(cache.has(id)).toBe(false);
      expect((await cache.findByBraceletId(id))?.emergencyContact?.phone).toBe('+33655555555');
      expect(cache.has(id)).toBe(true);
    } finally {
      await listener.stop();
      await listenerPool.end();
    }
  });

  it('keeps no unknown bracelet, however many are asked, and at most its cap of cards', async () => {
    const capped = await startScanApp({ ...unlimited, SCAN_CARD_CACHE_TTL_MS: '60000', SCAN_CARD_CACHE_MAX_ENTRIES: '3' });
    started.push(capped);
    await subscribed(capped);
    const unknown = await Promise.all(Array.from({ length: 300 }, () => lookUp(capped, newBraceletId())));
    expect(unknown.map((answer) => answer.statusCode)).toEqual(Array(300).fill(404));
    expect(cacheOf(capped).status().size).toBe(0);

    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push(await configured());
    for (const id of ids) await cachedOn(capped, id);
    // Served again: the first stays, the least recently served are dropped.
    await cardOn(capped, ids[2] as string);
    await cardOn(capped, ids[4] as string);
    await cardOn(capped, ids[0] as string);
    expect(cacheOf(capped).status().size).toBe(3);
    expect(ids.map((id) => cacheOf(capped).has(id))).toEqual([true, false, true, false, true]);
  });
});

import { randomUUID } from 'node:crypto';
import { createEvent, familyAlertedHeader } from '@bracelet/contracts';
import { createHttpServer, createLogger, deleteInBatches, encodeIdentity, type Pool } from '@bracelet/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { createFinderActivityRepository } from '../src/db/finder-activity.repository.js';
import { createScanCardRepository } from '../src/db/scan-cards.repository.js';
import { registerBraceletRoutes } from '../src/routes/bracelets/index.js';
import { createScanRecorder } from '../src/use-cases/record-scan.js';
import { createShareRecorder } from '../src/use-cases/share-position.js';
import { summarizeClosedWindows } from '../src/use-cases/summarize-alert-windows.js';
import { applyTo, identitySecret, startScanApp } from './scan-app.js';

const scan = await startScanApp({ SCAN_LOOKUPS_PER_MINUTE: '10000', LOCATION_SHARES_PER_MINUTE: '5' }, 2);
const { app, db, redis, log, config } = scan;
afterAll(() => scan.close());
const apply = applyTo(scan);

const idFor = (suffix: string) => `${'0'.repeat(20 - suffix.length)}${suffix}`;
const parent = { id: randomUUID(), email: 'parent@example.com', firstName: 'Camille' };
const child = { id: randomUUID(), firstName: 'Léa', surname: 'Martin', birthDate: '2018-05-04', photo: null };
const contact = { firstName: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null };

describe('GET /get_child_by_bracelet/:id', () => {
  it('answers a minted, unconfigured bracelet with configured "0" and no child', async () => {
    const id = idFor('1');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    const response = await app.inject({ url: `/get_child_by_bracelet/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bracelet: { id, configured: '0' }, child: null, emergency_contact: null });
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an unknown or malformed id with 404 and the same privacy headers', async () => {
    for (const id of [idFor('zz'), 'not-a-bracelet', '%27%20OR%201%3D1']) {
      const response = await app.inject({ url: `/get_child_by_bracelet/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe('Ce bracelet est invalide');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('follows a bracelet through association, child update, deletion and reset', async () => {
    const id = idFor('2');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
    let body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body).toEqual({
      bracelet: { id, configured: '1' },
      child: { first_name: 'Léa', surname: 'Martin', birth_date: '2018-05-04', photo: null },
      emergency_contact: { first_name: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null },
    });

    await apply(
      createEvent('child.updated', { parent, child: { ...child, surname: null }, emergencyContact: { ...contact, relationship: 'Oncle' } }),
    );
    body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body.child.surname).toBeNull();
    expect(body.emergency_contact.relationship).toBe('Oncle');

    await apply(createEvent('child.deleted', { parentId: parent.id, childId: child.id }));
    body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body).toEqual({ bracelet: { id, configured: '1' }, child: null, emergency_contact: null });

    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: parent.id }));
    body = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(body).toEqual({ bracelet: { id, configured: '0' }, child: null, emergency_contact: null });
  });
});

describe('scans and positions', () => {
  const configured = async (suffix: string) => {
    const id = idFor(suffix);
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
    return id;
  };
  const scannedEvents = async (id: string) =>
    (
      await db.query("SELECT payload FROM outbox WHERE name = 'bracelet.scanned' AND payload->>'braceletId' = $1 ORDER BY position", [id])
    ).rows.map((row) => row.payload);

  const summaryEvents = async (id: string) =>
    (
      await db.query("SELECT payload FROM outbox WHERE name = 'bracelet.scans_grouped' AND payload->>'braceletId' = $1 ORDER BY position", [
        id,
      ])
    ).rows.map((row) => row.payload);
  const windowOf = async (id: string) => (await db.query('SELECT * FROM alert_windows WHERE bracelet_id = $1', [id])).rows[0];

  it("alerts the family for a finder's scan, not for the parent's own", async () => {
    const id = await configured('s1');
    await app.inject({ url: `/get_child_by_bracelet/${id}` });
    await app.inject({
      url: `/get_child_by_bracelet/${id}`,
      headers: { 'x-identity': encodeIdentity({ accountId: parent.id, role: 'parent' }, identitySecret) },
    });
    await app.inject({
      url: `/get_child_by_bracelet/${id}`,
      headers: { 'x-identity': encodeIdentity({ accountId: randomUUID(), role: 'parent' }, identitySecret) },
    });
    // Two finders within the window: one alert, two scans counted.
    const events = await scannedEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      braceletId: id,
      childFirstName: 'Léa',
      parent: { id: parent.id, email: parent.email },
      emergencyContactPhone: '+33612345678',
    });
    const log = await db.query('SELECT count(*)::int AS n FROM scan_log WHERE bracelet_id = $1', [id]);
    expect(log.rows[0]?.n).toBe(2);
  });

  it('answers concurrent finders only once each scan and its alert are committed, sharing commits', async () => {
    const id = await configured('s6');
    const lookups = await Promise.all(Array.from({ length: 40 }, () => app.inject({ url: `/get_child_by_bracelet/${id}` })));
    expect(lookups.map((response) => response.statusCode)).toEqual(Array(40).fill(200));
    // Every answered scan is already durable: nothing is pending once the answers are out.
    const logged = await db.query(
      'SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS commits FROM scan_log WHERE bracelet_id = $1',
      [id],
    );
    expect(logged.rows[0]?.n).toBe(40);
    expect(logged.rows[0]?.commits).toBeLessThan(40);
    expect(await scannedEvents(id)).toHaveLength(1);
    expect(await windowOf(id)).toMatchObject({ scan_count: 40, summarized: false });
  });

  it('groups scans by window: one alert, one summary with the count when it closes, a new alert after it', async () => {
    const id = await configured('s8');
    const recorder = createScanRecorder(db, { windowSeconds: 60 });
    const scan = { braceletId: id, childFirstName: 'Léa', parent, emergencyContactPhone: '+33612345678' };
    for (let finder = 0; finder < 11; finder += 1) await recorder.record(scan, 'test-finder');
    expect(await scannedEvents(id)).toHaveLength(1);
    expect(await summaryEvents(id)).toEqual([]);

    // Not yet closed: nothing to summarise.
    await summarizeClosedWindows(db);
    expect(await summaryEvents(id)).toEqual([]);
    // Once closed: one summary with the count, and only one however often the job runs.
    const afterWindow = new Date(Date.now() + 61_000);
    await summarizeClosedWindows(db, afterWindow);
    await summarizeClosedWindows(db, afterWindow);
    const summaries = await summaryEvents(id);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ braceletId: id, childFirstName: 'Léa', parent: { email: parent.email }, scanCount: 11 });

    // A scan after the window alerts again.
    await db.query("UPDATE alert_windows SET closes_at = now() - interval '1 second' WHERE bracelet_id = $1", [id]);
    await recorder.record(scan, 'test-finder');
    expect(await scannedEvents(id)).toHaveLength(2);
    expect(await summaryEvents(id)).toHaveLength(1);
  });

  it('summarises a closed window when the next scan comes before the summary job, and never a lone scan', async () => {
    const busy = await configured('s9');
    const lone = await configured('sa');
    const recorder = createScanRecorder(db, { windowSeconds: 60 });
    const scanOf = (braceletId: string) => ({ braceletId, childFirstName: 'Léa', parent, emergencyContactPhone: '+33612345678' });
    await Promise.all([
      recorder.record(scanOf(busy), 'test-finder'),
      recorder.record(scanOf(busy), 'test-finder'),
      recorder.record(scanOf(lone), 'test-finder'),
    ]);
    await db.query("UPDATE alert_windows SET closes_at = now() - interval '1 second' WHERE bracelet_id = ANY($1)", [[busy, lone]]);
    await recorder.record(scanOf(busy), 'test-finder');
    expect((await summaryEvents(busy)).map((event) => event.scanCount)).toEqual([2]);
    expect(await scannedEvents(busy)).toHaveLength(2);
    await summarizeClosedWindows(db);
    expect(await summaryEvents(lone)).toEqual([]);
    expect(await windowOf(lone)).toMatchObject({ scan_count: 1 });
  });

  it("starts afresh when the bracelet is reset: the next family's first scan alerts them", async () => {
    const id = await configured('sb');
    const recorder = createScanRecorder(db, { windowSeconds: 300 });
    const scan = { braceletId: id, childFirstName: 'Léa', parent, emergencyContactPhone: '+33612345678' };
    await recorder.record(scan, 'test-finder');
    await recorder.record(scan, 'test-finder');
    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: parent.id }));
    expect((await summaryEvents(id)).map((event) => event.scanCount)).toEqual([2]);
    expect(await windowOf(id)).toBeUndefined();
    const newParent = { id: randomUUID(), email: 'autre@example.com', firstName: 'Noé' };
    await apply(createEvent('bracelet.associated', { braceletId: id, parent: newParent, child, emergencyContact: contact }));
    await app.inject({ url: `/get_child_by_bracelet/${id}` });
    const alerts = await scannedEvents(id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]?.parent.email).toBe('autre@example.com');
  });

  it("caps a bracelet's scan alerts per day and per sender: a flooder cannot text the family all day, nor silence a real finder", async () => {
    const id = await configured('se');
    const scanFrom = (address: string) => app.inject({ url: `/get_child_by_bracelet/${id}`, remoteAddress: address });
    const closeWindow = () => db.query("UPDATE alert_windows SET closes_at = now() - interval '1 second' WHERE bracelet_id = $1", [id]);
    // One network scanning once per window: three alerts, then the scans are logged but nobody is alerted.
    const alertedHeaders: Array<string | undefined> = [];
    for (let window = 0; window < 5; window += 1) {
      const answer = await scanFrom(`203.0.113.${window + 1}`);
      expect(answer.statusCode).toBe(200);
      alertedHeaders.push(answer.headers[familyAlertedHeader] as string | undefined);
      await closeWindow();
    }
    expect(alertedHeaders).toEqual([undefined, undefined, undefined, '0', '0']);
    expect(await scannedEvents(id)).toHaveLength(3);
    // A finder on another network is alerted as usual.
    const finder = await scanFrom('198.51.100.20');
    expect(finder.headers[familyAlertedHeader]).toBeUndefined();
    expect(await scannedEvents(id)).toHaveLength(4);
  });

  it('fails every waiting scan when its commit fails, and loses none silently', async () => {
    const failing = createScanRecorder({
      connect: async () => {
        throw new Error('database unreachable');
      },
    } as unknown as Pool);
    const scan = { braceletId: idFor('s7'), childFirstName: 'Léa', parent, emergencyContactPhone: '+33612345678' };
    const outcomes = await Promise.allSettled([
      failing.record(scan, 'test-finder'),
      failing.record(scan, 'test-finder'),
      failing.record(scan, 'test-finder'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('still shows the finder whom to call when the scan cannot be recorded, saying so in a header', async () => {
    const id = await configured('sc');
    const unrecordable = createHttpServer({ logger: createLogger('test', 'silent'), readiness: [] });
    registerBraceletRoutes(unrecordable, {
      db,
      redis,
      log,
      config,
      scans: { record: () => Promise.reject(new Error('commit failed')) },
      shares: createShareRecorder(db),
      finderCards: createScanCardRepository(db),
    });
    const response = await unrecordable.inject({ url: `/get_child_by_bracelet/${id}` });
    await unrecordable.close();
    expect(response.statusCode).toBe(200);
    expect(response.json().emergency_contact.phone).toBe('+33612345678');
    expect(response.headers[familyAlertedHeader]).toBe('0');
    // A recorded lookup does not carry it.
    const recorded = await app.inject({ url: `/get_child_by_bracelet/${id}` });
    expect(recorded.headers[familyAlertedHeader]).toBeUndefined();
  });

  it('does not keep a finder waiting on a stuck database: the card comes after the record timeout', async () => {
    const id = await configured('sd');
    const stuck = createHttpServer({ logger: createLogger('test', 'silent'), readiness: [] });
    registerBraceletRoutes(stuck, {
      db,
      redis,
      log,
      config: { ...config, SCAN_RECORD_TIMEOUT_MS: 200 },
      scans: { record: () => new Promise<boolean>(() => {}) },
      shares: createShareRecorder(db),
      finderCards: createScanCardRepository(db),
    });
    // Without the timeout this answer would never come (the recorder never settles).
    const response = await stuck.inject({ url: `/get_child_by_bracelet/${id}` });
    await stuck.close();
    expect(response.statusCode).toBe(200);
    expect(response.json().emergency_contact.first_name).toBe('Paul');
    expect(response.headers[familyAlertedHeader]).toBe('0');
  });

  it('does not alert anyone for an unconfigured bracelet', async () => {
    const id = idFor('s2');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await app.inject({ url: `/get_child_by_bracelet/${id}` });
    expect(await scannedEvents(id)).toEqual([]);
  });

  it("shares a position with the bracelet's own contact only", async () => {
    const id = await configured('s3');
    const body = { bracelet_id: id, child_first_name: 'Léa', emergency_contact_phone: '+33612345678', lat: 48.8566, lon: 2.3522 };
    const shared = await app.inject({ method: 'POST', url: '/share_location', payload: body, remoteAddress: '192.0.2.10' });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ message: 'Position partagée avec le contact de confiance.', contact_notified: true });
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    const events = await db.query("SELECT payload FROM outbox WHERE name = 'location.shared' AND payload->>'braceletId' = $1", [id]);
    expect(events.rows[0]?.payload).toMatchObject({
      lat: 48.8566,
      lon: 2.3522,
      emergencyContactPhone: '+33612345678',
      parent: { email: parent.email },
    });

    const otherPhone = await app.inject({
      method: 'POST',
      url: '/share_location',
      payload: { ...body, emergency_contact_phone: '+33700000000' },
      remoteAddress: '192.0.2.11',
    });
    expect(otherPhone.statusCode).toBe(400);
    const offTheMap = await app.inject({
      method: 'POST',
      url: '/share_location',
      payload: { ...body, lat: 91 },
      remoteAddress: '192.0.2.11',
    });
    expect(offTheMap.statusCode).toBe(400);
    const notANumber = await app.inject({
      method: 'POST',
      url: '/share_location',
      payload: { ...body, lon: 'est' },
      remoteAddress: '192.0.2.11',
    });
    expect(notANumber.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'POST',
      url: '/share_location',
      payload: { ...body, bracelet_id: idFor('zzzz') },
      remoteAddress: '192.0.2.11',
    });
    expect(unknown.statusCode).toBe(404);
    const stored = await db.query('SELECT count(*)::int AS n FROM location_shares WHERE bracelet_id = $1', [id]);
    expect(stored.rows[0]?.n).toBe(1);
  });

  it('limits position shares per client address', async () => {
    const id = await configured('s4');
    const body = { bracelet_id: id, child_first_name: 'Léa', emergency_contact_phone: '+33612345678', lat: 45.76, lon: 4.83 };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push((await app.inject({ method: 'POST', url: '/share_location', payload: body, remoteAddress: '192.0.2.99' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('deletes positions older than 30 days, in batches whatever the backlog', async () => {
    const id = await configured('s5');
    const activity = createFinderActivityRepository(db);
    const old = await activity.recordLocation({ braceletId: id, lat: 1, lon: 1 });
    const older = await activity.recordLocation({ braceletId: id, lat: 3, lon: 3 });
    const recent = await activity.recordLocation({ braceletId: id, lat: 2, lon: 2 });
    await db.query("UPDATE location_shares SET shared_at = now() - interval '31 days' WHERE id = ANY($1)", [[old, older]]);
    // Batches of one: the purge goes on until a batch comes back short.
    expect(await deleteInBatches((batch) => activity.deleteLocationsOlderThan(30, batch), 1)).toBeGreaterThanOrEqual(2);
    const left = await db.query('SELECT id FROM location_shares WHERE bracelet_id = $1', [id]);
    expect(left.rows.map((row) => row.id)).toEqual([recent]);
  });
});

describe('GET /scan_photo/{id}', () => {
  it("serves the card's photo under an id that only the card gives, and forgets it on reset", async () => {
    const id = idFor('ph1'.replace('1', 'q'));
    const webp = Buffer.from('RIFF0000WEBPVP8 fake-but-opaque-bytes');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await apply(
      createEvent('bracelet.associated', {
        braceletId: id,
        parent,
        child: { ...child, photo: { contentType: 'image/webp', base64: webp.toString('base64') } },
        emergencyContact: contact,
      }),
    );
    const card = (await app.inject({ url: `/get_child_by_bracelet/${id}` })).json();
    expect(card.child.photo).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const photo = await app.inject({ url: `/scan_photo/${card.child.photo}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.equals(webp)).toBe(true);
    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: parent.id }));
    expect((await app.inject({ url: `/scan_photo/${card.child.photo}` })).statusCode).toBe(404);
  });
});

describe('GET /get_scan_history/{id}', () => {
  it("lists the bracelet's scans and positions, and the caps on messages, for its parent only", async () => {
    const id = idFor('h1'.replace('1', 'r'));
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
    await app.inject({ url: `/get_child_by_bracelet/${id}`, remoteAddress: '198.51.100.1' });
    await db.query("UPDATE scan_log SET scanned_at = now() - interval '10 minutes' WHERE bracelet_id = $1", [id]);
    await db.query("UPDATE scan_cards SET owner_since = now() - interval '1 hour' WHERE bracelet_id = $1", [id]);
    await app.inject({
      method: 'POST',
      url: '/share_location',
      remoteAddress: '198.51.100.1',
      payload: { bracelet_id: id, child_first_name: 'Léa', emergency_contact_phone: '+33612345678', lat: 43.296482, lon: 5.36978 },
    });
    await app.inject({ url: `/get_child_by_bracelet/${id}`, remoteAddress: '198.51.100.2' });

    const owner = { 'x-identity': encodeIdentity({ accountId: parent.id, role: 'parent' }, identitySecret) };
    const history = await app.inject({ url: `/get_scan_history/${id}`, headers: owner });
    expect(history.statusCode).toBe(200);
    expect(history.headers['cache-control']).toBe('no-store');
    const body = history.json();
    expect(body.scans).toHaveLength(2);
    expect(body.scan_count).toBe(2);
    expect(Date.parse(body.scans[0].scanned_at)).toBeGreaterThan(Date.parse(body.scans[1].scanned_at));
    expect(body.positions).toEqual([
      {
        lat: 43.296482,
        lon: 5.36978,
        shared_at: expect.any(String),
        map_url: 'https://www.openstreetmap.org/?mlat=43.296482&mlon=5.369780#map=17/43.296482/5.369780',
        delivery: 'alert',
      },
    ]);
    expect(body.position_count).toBe(1);
    expect(body.limits).toEqual({ share_window_seconds: 300, location_alerts_per_day: 6, position_retention_days: 30 });

    const stranger = { 'x-identity': encodeIdentity({ accountId: randomUUID(), role: 'parent' }, identitySecret) };
    expect((await app.inject({ url: `/get_scan_history/${id}`, headers: stranger })).statusCode).toBe(404);
    expect((await app.inject({ url: `/get_scan_history/${id}` })).statusCode).toBe(401);
  });

  it('shows a new family none of what finders did while the previous family had the bracelet; a relink by the same parent keeps it', async () => {
    const id = idFor('newfam2');
    await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
    await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
    await app.inject({ url: `/get_child_by_bracelet/${id}`, remoteAddress: '198.51.100.30' });
    await app.inject({
      method: 'POST',
      url: '/share_location',
      remoteAddress: '198.51.100.30',
      payload: { bracelet_id: id, child_first_name: 'Léa', emergency_contact_phone: '+33612345678', lat: 48.8566, lon: 2.3522 },
    });
    const historyOf = async (accountId: string) =>
      (
        await app.inject({
          url: `/get_scan_history/${id}`,
          headers: { 'x-identity': encodeIdentity({ accountId, role: 'parent' }, identitySecret) },
        })
      ).json();

    // Reset and relinked by the same parent: their history stays.
    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: parent.id }));
    await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
    expect((await historyOf(parent.id)).position_count).toBe(1);

    // Reset, then linked by another family: they start from nothing.
    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: parent.id }));
    const other = { id: randomUUID(), email: 'autre@example.com', firstName: 'Inès' };
    await apply(
      createEvent('bracelet.associated', {
        braceletId: id,
        parent: other,
        child: { ...child, id: randomUUID() },
        emergencyContact: contact,
      }),
    );
    const fresh = await historyOf(other.id);
    expect(fresh.scans).toEqual([]);
    expect(fresh.positions).toEqual([]);
    expect(fresh.scan_count + fresh.position_count).toBe(0);
  });
});

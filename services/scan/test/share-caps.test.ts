import { randomInt, randomUUID } from 'node:crypto';
import { BRACELET_ID_ALPHABET, BRACELET_ID_LENGTH, createEvent } from '@bracelet/contracts';
import { encodeIdentity } from '@bracelet/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARE_NOT_DELIVERED } from '../src/routes/bracelets/index.js';
import { createShareRecorder } from '../src/use-cases/share-position.js';
import { summarizeClosedShareWindows } from '../src/use-cases/summarize-share-windows.js';
import { applyTo, identitySecret, startScanApp } from './scan-app.js';

// Position shares are capped per bracelet, whoever sends them (ADR 009). The defaults are under
// test: a 300 s share window and 6 alerting windows per 24 hours.
// Enough connections for concurrent shares to really run their transactions side by side.
const scan = await startScanApp({}, 12);
const { app, db } = scan;
afterAll(() => scan.close());

const WINDOW_MS = 300_000;
const DAY_MS = 24 * 3600_000;

const apply = applyTo(scan);

const newBraceletId = () => Array.from({ length: BRACELET_ID_LENGTH }, () => BRACELET_ID_ALPHABET[randomInt(32)]).join('');
const newParent = (email: string) => ({ id: randomUUID(), email, firstName: 'Camille' });
const child = { id: randomUUID(), firstName: 'Léa', surname: 'Martin', birthDate: '2018-05-04', photo: null };
const contact = { firstName: 'Paul', surname: 'Martin', phone: '+33612345678', relationship: 'Père', photo: null };

async function configured(parent = newParent('parent@example.com')) {
  const id = newBraceletId();
  await apply(createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [id] }));
  await apply(createEvent('bracelet.associated', { braceletId: id, parent, child, emergencyContact: contact }));
  return { id, parent };
}

/** A finder's share through the public route, from its own client address (scan trusts the proxy). */
const shareFrom = (address: string, id: string, lat: number, lon = 2.35) =>
  app.inject({
    method: 'POST',
    url: '/share_location',
    headers: { 'x-forwarded-for': address },
    payload: { bracelet_id: id, child_first_name: 'Léa', emergency_contact_phone: '+33612345678', lat, lon },
  });

const eventsOf = async (name: 'location.shared' | 'location.shares_grouped', id: string) =>
  (await db.query("SELECT payload FROM outbox WHERE name = $1 AND payload->>'braceletId' = $2 ORDER BY position", [name, id])).rows.map(
    (row) => row.payload,
  );
const deliveriesOf = async (id: string) =>
  (await db.query('SELECT lat, delivery FROM location_shares WHERE bracelet_id = $1 ORDER BY shared_at, lat', [id])).rows;
const historyOf = async (id: string, parentId: string) =>
  (
    await app.inject({
      url: `/get_scan_history/${id}`,
      headers: { 'x-identity': encodeIdentity({ accountId: parentId, role: 'parent' }, identitySecret) },
    })
  ).json();

describe('position shares are capped per bracelet, whoever sends them', () => {
  it('eight shares from eight addresses within a minute: one alert, then one follow-up with the seven others; the history lists all eight', async () => {
    const { id, parent } = await configured();
    const answers = [];
    for (let finder = 1; finder <= 8; finder += 1) answers.push(await shareFrom(`203.0.113.${finder}`, id, 48 + finder / 100));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.map((answer) => answer.json().message)).toEqual(Array(8).fill('Position partagée avec le contact de confiance.'));

    // One e-mail + SMS for the first position; the others wait for the window's end.
    const alerts = await eventsOf('location.shared', id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ lat: 48.01, parent: { email: parent.email }, emergencyContactPhone: '+33612345678' });
    await summarizeClosedShareWindows(db);
    expect(await eventsOf('location.shares_grouped', id)).toEqual([]);

    // Once the window has closed: one follow-up with the seven others, however often the job runs.
    const afterWindow = new Date(Date.now() + WINDOW_MS + 1000);
    await summarizeClosedShareWindows(db, afterWindow);
    await summarizeClosedShareWindows(db, afterWindow);
    const followUps = await eventsOf('location.shares_grouped', id);
    expect(followUps).toHaveLength(1);
    expect(followUps[0]).toMatchObject({ childFirstName: 'Léa', parent: { id: parent.id, email: parent.email }, positionCount: 7 });
    expect(followUps[0].positions.map((position: { lat: number }) => position.lat)).toEqual([
      48.02, 48.03, 48.04, 48.05, 48.06, 48.07, 48.08,
    ]);
    expect(await eventsOf('location.shared', id)).toHaveLength(1);

    const history = await historyOf(id, parent.id);
    expect(history.positions).toHaveLength(8);
    expect(history.position_count).toBe(8);
    expect(history.positions.map((position: { lat: number }) => position.lat).sort()).toEqual([
      48.01, 48.02, 48.03, 48.04, 48.05, 48.06, 48.07, 48.08,
    ]);
    expect(history.positions.filter((position: { delivery: string }) => position.delivery === 'alert')).toHaveLength(1);
    expect(history.positions.filter((position: { delivery: string }) => position.delivery === 'follow_up')).toHaveLength(7);
    expect(history.limits).toMatchObject({ share_window_seconds: 300, location_alerts_per_day: 6 });
  });

  it('shares arriving together alert once: each waits for the one before it to release the window', async () => {
    const { id } = await configured();
    // The bracelet alerted ten minutes ago, so its window row exists and is closed: only the row
    // lock (not the row's creation) keeps the shares below from each opening a window.
    const earlier = Date.now() - 10 * 60_000;
    await createShareRecorder(db).record(
      { braceletId: id, childFirstName: 'Léa', emergencyContactPhone: '+33612345678', lat: 44, lon: 2, sender: '198.19.0.0/24' },
      new Date(earlier),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, finder) => shareFrom(`198.18.0.${finder + 1}`, id, 45 + finder / 100)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect((await eventsOf('location.shared', id)).map((event) => event.lat)).toHaveLength(2);
    // No share was lost from the count either: the nine others all wait for the follow-up.
    const window = (await db.query('SELECT pending_count FROM share_windows WHERE bracelet_id = $1', [id])).rows[0];
    expect(window?.pending_count).toBe(9);
    await summarizeClosedShareWindows(db, new Date(Date.now() + WINDOW_MS + 1000));
    expect((await eventsOf('location.shares_grouped', id)).map((event) => event.positionCount)).toEqual([9]);
  });

  it('past the daily ceiling a share alerts no one and sends no follow-up, but is kept and shown to the parent', async () => {
    const { id, parent } = await configured();
    const recorder = createShareRecorder(db, { windowSeconds: 300, alertsPerDay: 6 });
    // A different finder each time (the sender's own share of the day is tested on its own).
    const share = (lat: number, at: number) =>
      recorder.record(
        { braceletId: id, childFirstName: 'Léa', emergencyContactPhone: '+33612345678', lat, lon: 2.35, sender: `10.0.${lat}.0/24` },
        new Date(at),
      );
    // The day began three hours ago (the recorder is given each share's time).
    const start = Date.now() - 3 * 3600_000;
    // Six windows, ten minutes apart, each with a second position: six alerts, six follow-ups.
    for (let window = 0; window < 6; window += 1) {
      const opensAt = start + window * 10 * 60_000;
      expect(await share(10 + window, opensAt)).toEqual({ kind: 'stored', delivery: 'alert' });
      expect(await share(20 + window, opensAt + 60_000)).toEqual({ kind: 'stored', delivery: 'pending' });
      await summarizeClosedShareWindows(db, new Date(opensAt + WINDOW_MS + 1000));
    }
    expect(await eventsOf('location.shared', id)).toHaveLength(6);
    expect(await eventsOf('location.shares_grouped', id)).toHaveLength(6);

    // The seventh window of the day (an hour ago): kept for the account only, no alert, nothing to follow up.
    const late = start + 2 * 3600_000;
    expect(await share(30, late)).toEqual({ kind: 'stored', delivery: 'account_only' });
    expect(await share(31, late + 60_000)).toEqual({ kind: 'stored', delivery: 'account_only' });
    await summarizeClosedShareWindows(db, new Date(late + WINDOW_MS + 1000));
    expect(await eventsOf('location.shared', id)).toHaveLength(6);
    expect(await eventsOf('location.shares_grouped', id)).toHaveLength(6);

    // Through the public route, now: the position is kept, and the finder is told nobody was alerted.
    const answer = await shareFrom('192.0.2.77', id, 32);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: SHARE_NOT_DELIVERED, contact_notified: false });
    expect(await eventsOf('location.shared', id)).toHaveLength(6);

    const history = await historyOf(id, parent.id);
    expect(history.positions).toHaveLength(15);
    expect(history.positions.filter((position: { delivery: string }) => position.delivery === 'account_only')).toHaveLength(3);

    // Rolling 24 hours: once the first alert is a day old, a share alerts again.
    expect(await share(40, start + DAY_MS + 60_000)).toEqual({ kind: 'stored', delivery: 'alert' });
    expect(await eventsOf('location.shared', id)).toHaveLength(7);
    expect((await deliveriesOf(id)).filter((row) => row.delivery === 'pending')).toEqual([]);
  });

  it('ends the window when the bracelet is reset or linked anew: the old family gets its follow-up, the new one never sees it', async () => {
    const first = newParent('premiere@example.com');
    const { id } = await configured(first);
    for (const [finder, lat] of [10, 11, 12].entries()) await shareFrom(`192.0.2.${finder + 20}`, id, lat);
    await apply(createEvent('bracelet.reset', { braceletId: id, parentId: first.id }));
    let followUps = await eventsOf('location.shares_grouped', id);
    expect(followUps).toHaveLength(1);
    expect(followUps[0]).toMatchObject({ parent: { email: 'premiere@example.com' }, positionCount: 2 });
    expect(followUps[0].positions.map((position: { lat: number }) => position.lat)).toEqual([11, 12]);
    expect((await db.query('SELECT 1 FROM share_windows WHERE bracelet_id = $1', [id])).rowCount).toBe(0);

    // The next family's first share alerts them at once, within what would have been the old window.
    const second = newParent('deuxieme@example.com');
    await apply(createEvent('bracelet.associated', { braceletId: id, parent: second, child, emergencyContact: contact }));
    await shareFrom('192.0.2.30', id, 20);
    await shareFrom('192.0.2.31', id, 21);
    const alerts = await eventsOf('location.shared', id);
    expect(alerts.map((event) => event.parent.email)).toEqual(['premiere@example.com', 'deuxieme@example.com']);

    // Linked anew without a reset: the same, the second family's pending position goes to them only.
    const third = newParent('troisieme@example.com');
    await apply(createEvent('bracelet.associated', { braceletId: id, parent: third, child, emergencyContact: contact }));
    followUps = await eventsOf('location.shares_grouped', id);
    expect(followUps.map((event) => [event.parent.email, event.positions.map((position: { lat: number }) => position.lat)])).toEqual([
      ['premiere@example.com', [11, 12]],
      ['deuxieme@example.com', [21]],
    ]);
    await summarizeClosedShareWindows(db, new Date(Date.now() + WINDOW_MS + 1000));
    expect(await eventsOf('location.shares_grouped', id)).toHaveLength(2);
  });

  it('a follow-up lists the latest 50 positions and counts them all', async () => {
    const { id } = await configured();
    const recorder = createShareRecorder(db, { windowSeconds: 300 });
    const now = Date.now();
    for (let finder = 0; finder < 60; finder += 1) {
      await recorder.record(
        {
          braceletId: id,
          childFirstName: 'Léa',
          emergencyContactPhone: '+33612345678',
          lat: finder,
          lon: 0,
          sender: `10.1.${finder}.0/24`,
        },
        new Date(now),
      );
    }
    await summarizeClosedShareWindows(db, new Date(now + WINDOW_MS + 1000));
    const [followUp] = await eventsOf('location.shares_grouped', id);
    expect(followUp?.positionCount).toBe(59);
    expect(followUp?.positions).toHaveLength(50);
    expect(followUp?.positions.at(-1).lat).toBe(59);
    expect(followUp?.positions[0].lat).toBe(10);
  });

  it('still refuses a share for another contact or an unknown bracelet, and opens no window for it', async () => {
    const { id } = await configured();
    const wrongContact = await app.inject({
      method: 'POST',
      url: '/share_location',
      headers: { 'x-forwarded-for': '192.0.2.90' },
      payload: { bracelet_id: id, child_first_name: 'Léa', emergency_contact_phone: '+33700000000', lat: 1, lon: 1 },
    });
    expect(wrongContact.statusCode).toBe(400);
    expect((await shareFrom('192.0.2.91', newBraceletId(), 1)).statusCode).toBe(404);
    expect(await deliveriesOf(id)).toEqual([]);
    expect(await eventsOf('location.shared', id)).toEqual([]);
  });

  it("one sender spends at most its share of the day's alerts: a real finder elsewhere still alerts the family", async () => {
    const { id } = await configured();
    const recorder = createShareRecorder(db, { windowSeconds: 300, alertsPerDay: 6, alertsPerSenderPerDay: 2 });
    const share = (sender: string, at: number) =>
      recorder.record(
        { braceletId: id, childFirstName: 'Léa', emergencyContactPhone: '+33612345678', lat: 45, lon: 2, sender },
        new Date(at),
      );
    const start = Date.now() - 3 * 3600_000;
    // A flooder's network, one share every ten minutes: two alerts, then nothing.
    const deliveries = [];
    for (let window = 0; window < 5; window += 1) {
      const outcome = await share('203.0.113.0/24', start + window * 10 * 60_000);
      deliveries.push(outcome.kind === 'stored' ? outcome.delivery : outcome.kind);
    }
    expect(deliveries).toEqual(['alert', 'alert', 'account_only', 'account_only', 'account_only']);
    // A finder on another network, an hour later: alerted.
    expect(await share('198.51.100.0/24', start + 3600_000)).toEqual({ kind: 'stored', delivery: 'alert' });
    expect(await eventsOf('location.shared', id)).toHaveLength(3);
  });
});

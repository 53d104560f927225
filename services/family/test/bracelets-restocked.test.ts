import { randomUUID } from 'node:crypto';
import { createEvent } from '@bracelet/contracts';
import { runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyEventHandlers } from '../src/events/handlers.js';
import { asParent, registerParent, startFamilyApp } from './family-app.js';

let family: Awaited<ReturnType<typeof startFamilyApp>>;
beforeAll(async () => {
  family = await startFamilyApp();
});
afterAll(() => family.close());

const braceletId = () => {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from({ length: 20 }, () => alphabet[Math.floor(Math.random() * 32)]).join('');
};
const idsOf = async (parentId: string) =>
  (await family.app.inject({ url: `/get_bracelets_by_parent/${parentId}`, headers: asParent(parentId) }))
    .json()
    .map((bracelet: { id: string }) => bracelet.id)
    .sort();

describe('bracelets.restocked in family', () => {
  it('takes a refunded order’s unconfigured bracelets from the buyer, so the next buyer gets them', async () => {
    const buyer = await registerParent(family.app);
    const [kept, restocked] = [braceletId(), braceletId()];
    await runHandler(
      family.db,
      familyEventHandlers,
      createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [kept, restocked] }),
    );
    await runHandler(
      family.db,
      familyEventHandlers,
      createEvent('order.prepared', { orderId: randomUUID(), parentId: buyer.id, braceletIds: [kept, restocked] }),
    );
    expect(await idsOf(buyer.id)).toEqual([kept, restocked].sort());

    const orderId = randomUUID();
    await runHandler(
      family.db,
      familyEventHandlers,
      createEvent('bracelets.restocked', { orderId, parentId: buyer.id, braceletIds: [restocked] }),
    );
    expect(await idsOf(buyer.id)).toEqual([kept]);

    const next = await registerParent(family.app);
    await runHandler(
      family.db,
      familyEventHandlers,
      createEvent('order.prepared', { orderId: randomUUID(), parentId: next.id, braceletIds: [restocked] }),
    );
    expect(await idsOf(next.id)).toEqual([restocked]);
  });

  it('leaves a bracelet its buyer configured meanwhile, and one someone else holds', async () => {
    const buyer = await registerParent(family.app);
    const other = await registerParent(family.app);
    const [configured, othersOwn] = [braceletId(), braceletId()];
    await runHandler(
      family.db,
      familyEventHandlers,
      createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [configured, othersOwn] }),
    );
    await family.db.query('UPDATE bracelets SET owner_id = $2, configured = true WHERE id = $1', [configured, buyer.id]);
    await family.db.query('UPDATE bracelets SET owner_id = $2 WHERE id = $1', [othersOwn, other.id]);
    await runHandler(
      family.db,
      familyEventHandlers,
      createEvent('bracelets.restocked', { orderId: randomUUID(), parentId: buyer.id, braceletIds: [configured, othersOwn] }),
    );
    const { rows } = await family.db.query('SELECT id, owner_id FROM bracelets WHERE id = ANY($1) ORDER BY id', [[configured, othersOwn]]);
    expect(rows).toEqual(
      [
        { id: configured, owner_id: buyer.id },
        { id: othersOwn, owner_id: other.id },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});

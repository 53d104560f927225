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
const minted = (...ids: string[]) => createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: ids });
const prepared = (parentId: string | null, ...ids: string[]) =>
  createEvent('order.prepared', { orderId: randomUUID(), parentId, braceletIds: ids });
const braceletsOf = async (parentId: string) =>
  (await family.app.inject({ url: `/get_bracelets_by_parent/${parentId}`, headers: asParent(parentId) })).json();

describe('order.prepared in family', () => {
  it('gives the order’s bracelets to the buyer’s account, unconfigured, even if the event overtakes their minting', async () => {
    const buyer = await registerParent(family.app);
    const [a, b] = [braceletId(), braceletId()];
    await runHandler(family.db, familyEventHandlers, minted(a));
    const event = prepared(buyer.id, a, b);
    await runHandler(family.db, familyEventHandlers, event);
    await runHandler(family.db, familyEventHandlers, minted(b));
    const list = await braceletsOf(buyer.id);
    expect(list.map((bracelet: { id: string }) => bracelet.id).sort()).toEqual([a, b].sort());
    for (const bracelet of list) expect(bracelet).toMatchObject({ configured: '0', child: null });
  });

  it('never takes a bracelet from someone who already holds it, and leaves a guest’s bracelets claimable', async () => {
    const holder = await registerParent(family.app);
    const buyer = await registerParent(family.app);
    const held = braceletId();
    const guest = braceletId();
    await runHandler(family.db, familyEventHandlers, minted(held, guest));
    await family.db.query('UPDATE bracelets SET owner_id = $2 WHERE id = $1', [held, holder.id]);
    await runHandler(family.db, familyEventHandlers, prepared(buyer.id, held));
    await runHandler(family.db, familyEventHandlers, prepared(null, guest));
    expect((await braceletsOf(holder.id)).map((bracelet: { id: string }) => bracelet.id)).toEqual([held]);
    expect(await braceletsOf(buyer.id)).toEqual([]);
    const { rows } = await family.db.query('SELECT owner_id FROM bracelets WHERE id = $1', [guest]);
    expect(rows).toEqual([{ owner_id: null }]);
  });
});

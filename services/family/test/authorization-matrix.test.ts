import { randomUUID } from 'node:crypto';
import { createEvent } from '@bracelet/contracts';
import { createLogger, withTransaction } from '@bracelet/service-kit';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyEventHandlers } from '../src/events/handlers.js';
import { asParent, childFields, multipart, registerParent, startFamilyApp } from './family-app.js';

/**
 * Every id-bearing call, made by the owner, by a second parent and by an anonymous caller: only
 * the owner gets an answer, and the others change nothing and see nothing.
 */
let family: Awaited<ReturnType<typeof startFamilyApp>>;
let owner: { id: string };
let intruder: { id: string };
let child: { id: string; photo: string };
const bracelet = `${'0'.repeat(16)}${randomUUID()
  .replace(/[^0-9a-h]/g, '')
  .slice(0, 4)
  .padEnd(4, '0')}`;

beforeAll(async () => {
  family = await startFamilyApp();
  owner = await registerParent(family.app, 'owner');
  intruder = await registerParent(family.app, 'intruder');
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  const body = multipart(
    { ...childFields({ first_name: 'Secret' }), parent_id: owner.id },
    { name: 'photo', filename: 'p.png', type: 'image/png', content: photo },
  );
  child = (
    await family.app.inject({
      method: 'POST',
      url: '/add_child_profile/',
      headers: { ...asParent(owner.id), ...body.headers },
      payload: body.payload,
    })
  ).json();
  const minted = createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: [bracelet] });
  await withTransaction(family.db, (tx) =>
    familyEventHandlers['bracelets.minted'](minted, { tx, db: family.db, log: createLogger('t', 'silent') }),
  );
  const associated = await family.app.inject({
    method: 'POST',
    url: '/associate_child_to_bracelet/',
    headers: asParent(owner.id),
    payload: { child_id: child.id, bracelet_id: bracelet, parent_id: owner.id },
  });
  expect(associated.statusCode).toBe(200);
});
afterAll(() => family.close());

type Call = { name: string; request: (as: string | undefined) => InjectOptions; ownerStatus: number };

const editBody = () => multipart(childFields({ first_name: 'Changé' }));
const newChildBody = (parentId: string) => multipart({ ...childFields({ first_name: 'Intrus' }), parent_id: parentId });
const headersFor = (as: string | undefined, extra: Record<string, string> = {}) => ({ ...(as ? asParent(as) : {}), ...extra });

// Read-only calls first; the owner's state-changing calls run last, after every refusal was checked.
const calls: Call[] = [
  {
    name: 'GET /get-parent-by-id',
    request: (as) => ({ url: `/get-parent-by-id?parent_id=${owner.id}`, headers: headersFor(as) }),
    ownerStatus: 200,
  },
  {
    name: 'GET /get_children_by_parent/{id}',
    request: (as) => ({ url: `/get_children_by_parent/${owner.id}`, headers: headersFor(as) }),
    ownerStatus: 200,
  },
  {
    name: 'GET /get_child_basic/{id}',
    request: (as) => ({ url: `/get_child_basic/${child.id}`, headers: headersFor(as) }),
    ownerStatus: 200,
  },
  { name: 'GET /get-photo/{photo}', request: (as) => ({ url: `/get-photo/${child.photo}`, headers: headersFor(as) }), ownerStatus: 200 },
  {
    name: 'GET /get_bracelets_by_parent/{id}',
    request: (as) => ({ url: `/get_bracelets_by_parent/${owner.id}`, headers: headersFor(as) }),
    ownerStatus: 200,
  },
  {
    name: 'POST /update-account-infos',
    request: (as) => ({
      method: 'POST',
      url: '/update-account-infos',
      headers: headersFor(as),
      payload: { parent_id: owner.id, first_name: 'Pirate', last_name: 'Pirate', phone: '+33612345678' },
    }),
    ownerStatus: 200,
  },
  {
    name: 'POST /update-delivery-infos',
    request: (as) => ({
      method: 'POST',
      url: '/update-delivery-infos',
      headers: headersFor(as),
      payload: { parent_id: owner.id, address: '1 rue Pirate', city: 'Nulle', postal_code: '00000', country: 'France' },
    }),
    ownerStatus: 200,
  },
  {
    name: 'POST /add_child_profile/ (naming the owner)',
    request: (as) => {
      const body = newChildBody(owner.id);
      return { method: 'POST', url: '/add_child_profile/', headers: headersFor(as, body.headers), payload: body.payload };
    },
    ownerStatus: 201,
  },
  {
    name: 'PUT /update_child_profile/{id}',
    request: (as) => {
      const body = editBody();
      return { method: 'PUT', url: `/update_child_profile/${child.id}`, headers: headersFor(as, body.headers), payload: body.payload };
    },
    ownerStatus: 200,
  },
  {
    name: 'PUT /child_privacy/{id}',
    request: (as) => ({
      method: 'PUT',
      url: `/child_privacy/${child.id}`,
      headers: headersFor(as),
      payload: { show_surname: false, show_photo: false, show_age: false },
    }),
    ownerStatus: 200,
  },
  {
    name: 'POST /associate_child_to_bracelet/ (naming the owner)',
    request: (as) => ({
      method: 'POST',
      url: '/associate_child_to_bracelet/',
      headers: headersFor(as),
      payload: { child_id: child.id, bracelet_id: bracelet, parent_id: owner.id },
    }),
    ownerStatus: 409, // already associated: the owner is told so, others are told nothing
  },
  {
    name: 'PATCH /reset_bracelet/{id}',
    request: (as) => ({ method: 'PATCH', url: `/reset_bracelet/${bracelet}`, headers: headersFor(as) }),
    ownerStatus: 200,
  },
  {
    name: 'DELETE /delete_child/{id}',
    request: (as) => ({ method: 'DELETE', url: `/delete_child/${child.id}`, headers: headersFor(as) }),
    ownerStatus: 204,
  },
];

async function ownerState() {
  const parent = await family.db.query('SELECT first_name, address FROM accounts WHERE id = $1', [owner.id]);
  const children = await family.db.query('SELECT id, first_name FROM children WHERE parent_id = $1 ORDER BY id', [owner.id]);
  const bracelets = await family.db.query('SELECT id, configured, child_id FROM bracelets WHERE owner_id = $1', [owner.id]);
  const events = await family.db.query("SELECT count(*)::int AS n FROM outbox WHERE payload::text LIKE '%' || $1 || '%'", [owner.id]);
  return { parent: parent.rows, children: children.rows, bracelets: bracelets.rows, events: events.rows };
}

describe('authorisation of every id-bearing call', () => {
  it('refuses a second parent and an anonymous caller, who see nothing and change nothing', async () => {
    const before = await ownerState();
    for (const call of calls) {
      const anonymous = await family.app.inject(call.request(undefined));
      expect(anonymous.statusCode, `${call.name} anonymous`).toBe(401);
      const other = await family.app.inject(call.request(intruder.id));
      expect([403, 404], `${call.name} as another parent: ${other.statusCode}`).toContain(other.statusCode);
      for (const leaked of ['Secret', owner.id, child.id]) {
        expect(other.body.includes(leaked), `${call.name} leaks ${leaked}`).toBe(false);
      }
    }
    // A forged identity (wrong signature) is anonymous.
    const forged = await family.app.inject({
      url: `/get_child_basic/${child.id}`,
      headers: { 'x-identity': `${asParent(owner.id)['x-identity'].split('.')[0]}.forged` },
    });
    expect(forged.statusCode).toBe(401);
    expect(await ownerState()).toEqual(before);
    const intruderChildren = await family.db.query('SELECT 1 FROM children WHERE parent_id = $1', [intruder.id]);
    expect(intruderChildren.rowCount).toBe(0);
  });

  it('answers the owner for every call', async () => {
    for (const call of calls) {
      const response = await family.app.inject(call.request(owner.id));
      expect(response.statusCode, `${call.name}: ${response.body}`).toBe(call.ownerStatus);
    }
  });
});

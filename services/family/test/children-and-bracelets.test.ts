import { randomUUID } from 'node:crypto';
import { createEvent, todayInFrance } from '@bracelet/contracts';
import { createLogger, withTransaction } from '@bracelet/service-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyEventHandlers } from '../src/events/handlers.js';
import { asParent, childFields, multipart, registerParent, startFamilyApp } from './family-app.js';

let family: Awaited<ReturnType<typeof startFamilyApp>>;
beforeAll(async () => {
  family = await startFamilyApp();
});
afterAll(() => family.close());

const braceletId = () => {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from({ length: 20 }, () => alphabet[Math.floor(Math.random() * 32)]).join('');
};

async function mint(...ids: string[]) {
  const event = createEvent('bracelets.minted', { batchId: randomUUID(), braceletIds: ids });
  await withTransaction(family.db, (tx) =>
    familyEventHandlers['bracelets.minted'](event, { tx, db: family.db, log: createLogger('t', 'silent') }),
  );
}

async function addChild(parentId: string, fields = childFields(), photo?: Buffer) {
  const body = multipart(
    { ...fields, parent_id: parentId },
    photo ? { name: 'photo', filename: 'photo.jpg', type: 'image/jpeg', content: photo } : undefined,
  );
  return family.app.inject({
    method: 'POST',
    url: '/add_child_profile/',
    headers: { ...asParent(parentId), ...body.headers },
    payload: body.payload,
  });
}

/** A real JPEG carrying EXIF with a GPS position, as a phone camera writes it. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Copyright: 'Famille Martin' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .toBuffer();
}

describe('child profiles', () => {
  it('creates a child with a photo stripped of its EXIF and GPS, served only to its parent', async () => {
    const parent = await registerParent(family.app);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('PhoneCam'))).toBe(true);

    const created = await addChild(parent.id, childFields(), original);
    expect(created.statusCode).toBe(201);
    const child = created.json();
    expect(child).toMatchObject({
      first_name: 'Léa',
      surname: 'Martin',
      birth_date: '2018-05-04',
      emergency_phone: '+33612345678',
      relationship: 'Père',
    });
    expect(child.photo).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const photo = await family.app.inject({ url: `/get-photo/${child.photo}`, headers: asParent(parent.id) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const served = photo.rawPayload;
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneCam'))).toBe(false);
    expect(served.includes(Buffer.from('GPS'))).toBe(false);

    const other = await registerParent(family.app, 'other');
    expect((await family.app.inject({ url: `/get-photo/${child.photo}`, headers: asParent(other.id) })).statusCode).toBe(404);
    expect((await family.app.inject({ url: `/get-photo/${child.photo}` })).statusCode).toBe(401);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image, whatever its name says', async () => {
    const parent = await registerParent(family.app);
    const body = multipart(
      { ...childFields(), parent_id: parent.id },
      { name: 'photo', filename: 'photo.jpg', type: 'image/jpeg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    );
    const response = await family.app.inject({
      method: 'POST',
      url: '/add_child_profile/',
      headers: { ...asParent(parent.id), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.photo).toBeDefined();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifBody = multipart(
      { ...childFields(), parent_id: parent.id },
      { name: 'photo', filename: 'photo.png', type: 'image/png', content: gif },
    );
    expect(
      (
        await family.app.inject({
          method: 'POST',
          url: '/add_child_profile/',
          headers: { ...asParent(parent.id), ...gifBody.headers },
          payload: gifBody.payload,
        })
      ).statusCode,
    ).toBe(400);
    const list = await family.app.inject({ url: `/get_children_by_parent/${parent.id}`, headers: asParent(parent.id) });
    expect(list.json()).toEqual([]);
  });

  it('refuses a photo over the size cap', async () => {
    const small = await startFamilyApp({ PHOTO_MAX_BYTES: '2048' });
    try {
      const parent = await registerParent(small.app);
      const big = await sharp({
        create: { width: 400, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
      })
        .jpeg()
        .toBuffer();
      const body = multipart(
        { ...childFields(), parent_id: parent.id },
        { name: 'photo', filename: 'a.jpg', type: 'image/jpeg', content: big },
      );
      const response = await small.app.inject({
        method: 'POST',
        url: '/add_child_profile/',
        headers: { ...asParent(parent.id), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe('La photo est trop lourde.');
    } finally {
      await small.close();
    }
  });

  it('requires a birth date that is not in the future, and every contact field', async () => {
    const parent = await registerParent(family.app);
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000);
    const future = await addChild(parent.id, childFields({ birth_date: todayInFrance(tomorrow) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.birth_date).toEqual(['La date de naissance ne peut pas être dans le futur.']);
    const missing = await addChild(parent.id, childFields({ birth_date: '', emergency_phone: '', relationship: 'Cousin' }));
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['birth_date', 'emergency_phone', 'relationship']);
    const today = await addChild(parent.id, childFields({ birth_date: todayInFrance() }));
    expect(today.statusCode).toBe(201);
  });

  it('edits a child, keeps its photo when none is sent, and tells scan', async () => {
    const parent = await registerParent(family.app);
    const child = (await addChild(parent.id, childFields(), await jpegWithGps())).json();
    const body = multipart(childFields({ first_name: 'Léna', relationship: 'Mère', emergency_first_name: 'Anne' }));
    const updated = await family.app.inject({
      method: 'PUT',
      url: `/update_child_profile/${child.id}`,
      headers: { ...asParent(parent.id), ...body.headers },
      payload: body.payload,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ first_name: 'Léna', relationship: 'Mère', emergency_first_name: 'Anne', photo: child.photo });
    const basic = await family.app.inject({ url: `/get_child_basic/${child.id}`, headers: asParent(parent.id) });
    expect(basic.json().emergency_contact).toEqual({ first_name: 'Anne', surname: 'Martin', phone: '+33612345678', relation: 'Mère' });
    const events = await family.db.query("SELECT payload FROM outbox WHERE name = 'child.updated' AND payload->'child'->>'id' = $1", [
      child.id,
    ]);
    expect(events.rows[0]?.payload.child.firstName).toBe('Léna');
  });
});

describe('bracelets', () => {
  it('associates a minted bracelet with a child, lists it configured, and resets it', async () => {
    const parent = await registerParent(family.app);
    const child = (await addChild(parent.id)).json();
    const id = braceletId();
    await mint(id);

    const associate = await family.app.inject({
      method: 'POST',
      url: '/associate_child_to_bracelet/',
      headers: asParent(parent.id),
      payload: { child_id: child.id, bracelet_id: id, parent_id: parent.id, email_infos: { parent_email: parent.email } },
    });
    expect(associate.statusCode).toBe(200);
    const list = await family.app.inject({ url: `/get_bracelets_by_parent/${parent.id}`, headers: asParent(parent.id) });
    expect(list.json()).toEqual([
      { id, bracelet_id: id, configured: '1', child: { id: child.id, first_name: 'Léa', surname: 'Martin', photo: null } },
    ]);
    const announced = await family.db.query(
      "SELECT payload FROM outbox WHERE name = 'bracelet.associated' AND payload->>'braceletId' = $1",
      [id],
    );
    expect(announced.rows[0]?.payload).toMatchObject({
      parent: { id: parent.id, email: parent.email },
      child: { id: child.id, firstName: 'Léa' },
      emergencyContact: { phone: '+33612345678' },
    });

    const twice = await family.app.inject({
      method: 'POST',
      url: '/associate_child_to_bracelet/',
      headers: asParent(parent.id),
      payload: { child_id: child.id, bracelet_id: id, parent_id: parent.id },
    });
    expect(twice.statusCode).toBe(409);

    const reset = await family.app.inject({ method: 'PATCH', url: `/reset_bracelet/${id}`, headers: asParent(parent.id) });
    expect(reset.statusCode).toBe(200);
    const after = await family.app.inject({ url: `/get_bracelets_by_parent/${parent.id}`, headers: asParent(parent.id) });
    expect(after.json()).toEqual([{ id, bracelet_id: id, configured: '0', child: null }]);
  });

  it('refuses an id that was never minted', async () => {
    const parent = await registerParent(family.app);
    const child = (await addChild(parent.id)).json();
    const response = await family.app.inject({
      method: 'POST',
      url: '/associate_child_to_bracelet/',
      headers: asParent(parent.id),
      payload: { child_id: child.id, bracelet_id: braceletId(), parent_id: parent.id },
    });
    expect(response.statusCode).toBe(404);
  });

  it('deleting a child leaves its bracelet configured without a child, and tells scan', async () => {
    const parent = await registerParent(family.app);
    const child = (await addChild(parent.id)).json();
    const id = braceletId();
    await mint(id);
    await family.app.inject({
      method: 'POST',
      url: '/associate_child_to_bracelet/',
      headers: asParent(parent.id),
      payload: { child_id: child.id, bracelet_id: id, parent_id: parent.id },
    });
    const deleted = await family.app.inject({ method: 'DELETE', url: `/delete_child/${child.id}`, headers: asParent(parent.id) });
    expect(deleted.statusCode).toBe(204);
    const list = await family.app.inject({ url: `/get_bracelets_by_parent/${parent.id}`, headers: asParent(parent.id) });
    expect(list.json()).toEqual([{ id, bracelet_id: id, configured: '1', child: null }]);
    const events = await family.db.query("SELECT 1 FROM outbox WHERE name = 'child.deleted' AND payload->>'childId' = $1", [child.id]);
    expect(events.rowCount).toBe(1);
  });
});

describe('what a finder sees', () => {
  it('shows everything by default, and hides the surname, photo and age the parent hides', async () => {
    const parent = await registerParent(family.app);
    const child = (await addChild(parent.id, childFields(), await jpegWithGps())).json();
    expect(child.privacy).toEqual({ show_surname: true, show_photo: true, show_age: true });
    const id = braceletId();
    await mint(id);
    await family.app.inject({
      method: 'POST',
      url: '/associate_child_to_bracelet/',
      headers: asParent(parent.id),
      payload: { child_id: child.id, bracelet_id: id, parent_id: parent.id },
    });
    const associated = await family.db.query(
      "SELECT payload FROM outbox WHERE name = 'bracelet.associated' AND payload->>'braceletId' = $1",
      [id],
    );
    expect(associated.rows[0]?.payload.child).toMatchObject({
      surname: 'Martin',
      birthDate: '2018-05-04',
      photo: { contentType: 'image/webp' },
    });
    const cardPhoto = Buffer.from(associated.rows[0]?.payload.child.photo.base64, 'base64');
    const cardMetadata = await sharp(cardPhoto).metadata();
    expect(cardMetadata).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(cardMetadata.exif).toBeUndefined();

    const hidden = await family.app.inject({
      method: 'PUT',
      url: `/child_privacy/${child.id}`,
      headers: asParent(parent.id),
      payload: { show_surname: false, show_photo: false, show_age: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().privacy).toEqual({ show_surname: false, show_photo: false, show_age: true });
    const updated = await family.db.query(
      "SELECT payload FROM outbox WHERE name = 'child.updated' AND payload->'child'->>'id' = $1 ORDER BY position DESC LIMIT 1",
      [child.id],
    );
    expect(updated.rows[0]?.payload.child).toEqual({ id: child.id, firstName: 'Léa', surname: null, birthDate: '2018-05-04', photo: null });
    // The parent still sees everything.
    const own = await family.app.inject({ url: `/get_child_basic/${child.id}`, headers: asParent(parent.id) });
    expect(own.json()).toMatchObject({ surname: 'Martin', photo: child.photo });
  });
});

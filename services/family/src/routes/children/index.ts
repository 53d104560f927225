import { childDetailSchema, childSummarySchema, createEvent, errorResponseSchema } from '@bracelet/contracts';
import { type HttpServer, type PoolClient, uuidField, uuidParam, withTransaction, writeEvent } from '@bracelet/service-kit';
import { z } from 'zod';
import { type Account, createAccountRepository } from '../../db/accounts.repository.js';
import { type Child, createChildRepository } from '../../db/children.repository.js';
import { createPhotoRepository } from '../../db/photos.repository.js';
import { childCardOf, emergencyContactOf, parentContactOf } from '../../events/payloads.js';
import { reencodePhoto } from '../../photo-processing.js';
import { assertSameParent, type FamilyDeps, notYours, parentOf } from '../context.js';
import { childFieldsSchema, parseChildFields, readChildForm, toChildFields } from './child-form.js';

export const childSummaryOf = (child: Child) => ({
  id: child.id,
  custom_id: child.id,
  first_name: child.firstName,
  surname: child.surname,
  birth_date: child.birthDate,
  birthdate: child.birthDate,
  photo: child.photoId,
  privacy: { show_surname: child.privacy.showSurname, show_photo: child.privacy.showPhoto, show_age: child.privacy.showAge },
});

const childDetailOf = (child: Child) => ({
  ...childSummaryOf(child),
  emergency_first_name: child.emergencyFirstName,
  emergency_surname: child.emergencySurname,
  emergency_phone: child.emergencyPhone,
  relationship: child.relationship,
  emergency_contact: {
    first_name: child.emergencyFirstName,
    surname: child.emergencySurname,
    phone: child.emergencyPhone,
    relation: child.relationship,
  },
});

const childNotFound = () => notYours("Impossible de charger les informations de l'enfant.");
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
};

/** Tells scan (and whoever listens) what a finder now sees of the child. */
async function announceChildUpdated(tx: PoolClient, parentId: string, child: Child): Promise<void> {
  const parent = (await createAccountRepository(tx).findById(parentId, tx)) as Account;
  await writeEvent(
    tx,
    'family',
    createEvent('child.updated', {
      parent: parentContactOf(parent),
      child: await childCardOf(child, tx),
      emergencyContact: emergencyContactOf(child),
    }),
  );
}

export function registerChildRoutes(app: HttpServer, deps: FamilyDeps): void {
  const { db, config } = deps;
  const children = createChildRepository(db);

  app.post('/add_child_profile/', { schema: { response: { 201: childDetailSchema, ...errors } } }, async (request, reply) => {
    const identity = parentOf(request, deps);
    const form = await readChildForm(request, config.PHOTO_MAX_BYTES);
    const fields = parseChildFields(childFieldsSchema.extend({ parent_id: uuidField }), form.fields);
    assertSameParent(identity, fields.parent_id);
    const photo = form.photo ? await reencodePhoto(form.photo) : undefined;
    const child = await withTransaction(db, async (tx) => {
      const photoId = photo ? await createPhotoRepository(tx).insert(identity.accountId, photo, tx) : null;
      return createChildRepository(tx).insert(identity.accountId, toChildFields(fields), photoId, tx);
    });
    return reply.code(201).send(childDetailOf(child));
  });

  app.put(
    '/update_child_profile/:id',
    { schema: { params: uuidParam, response: { 200: childDetailSchema, ...errors } } },
    async (request) => {
      const identity = parentOf(request, deps);
      if (!(await children.findOwned(request.params.id, identity.accountId))) throw childNotFound();
      const form = await readChildForm(request, config.PHOTO_MAX_BYTES);
      const fields = parseChildFields(childFieldsSchema, form.fields);
      const photo = form.photo ? await reencodePhoto(form.photo) : undefined;
      return childDetailOf(
        await withTransaction(db, async (tx) => {
          const repository = createChildRepository(tx);
          const current = await repository.findOwned(request.params.id, identity.accountId, tx, true);
          if (!current) throw childNotFound();
          const photos = createPhotoRepository(tx);
          const photoId = photo ? await photos.insert(identity.accountId, photo, tx) : current.photoId;
          const updated = await repository.update(current.id, toChildFields(fields), photoId, tx);
          if (photo && current.photoId) await photos.delete(current.photoId, tx);
          await announceChildUpdated(tx, identity.accountId, updated);
          return updated;
        }),
      );
    },
  );

  app.put(
    '/child_privacy/:id',
    {
      schema: {
        params: uuidParam,
        body: z.object({ show_surname: z.boolean(), show_photo: z.boolean(), show_age: z.boolean() }),
        response: { 200: childDetailSchema, ...errors },
      },
    },
    async (request) => {
      const identity = parentOf(request, deps);
      return childDetailOf(
        await withTransaction(db, async (tx) => {
          const repository = createChildRepository(tx);
          const current = await repository.findOwned(request.params.id, identity.accountId, tx, true);
          if (!current) throw childNotFound();
          const { show_surname, show_photo, show_age } = request.body;
          const updated = await repository.updatePrivacy(
            current.id,
            { showSurname: show_surname, showPhoto: show_photo, showAge: show_age },
            tx,
          );
          await announceChildUpdated(tx, identity.accountId, updated);
          return updated;
        }),
      );
    },
  );

  app.get('/get_child_basic/:id', { schema: { params: uuidParam, response: { 200: childDetailSchema, ...errors } } }, async (request) => {
    const identity = parentOf(request, deps);
    const child = await children.findOwned(request.params.id, identity.accountId);
    if (!child) throw childNotFound();
    return childDetailOf(child);
  });

  app.get(
    '/get_children_by_parent/:id',
    { schema: { params: uuidParam, response: { 200: z.array(childSummarySchema), ...errors } } },
    async (request) => {
      const identity = parentOf(request, deps);
      assertSameParent(identity, request.params.id);
      return (await children.listByParent(identity.accountId)).map(childSummaryOf);
    },
  );

  app.delete('/delete_child/:id', { schema: { params: uuidParam, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const identity = parentOf(request, deps);
    await withTransaction(db, async (tx) => {
      const repository = createChildRepository(tx);
      const child = await repository.findOwned(request.params.id, identity.accountId, tx, true);
      if (!child) throw childNotFound();
      // Bracelets it wore stay configured but show no child until reset or re-associated.
      await repository.delete(child.id, tx);
      if (child.photoId) await createPhotoRepository(tx).delete(child.photoId, tx);
      await writeEvent(tx, 'family', createEvent('child.deleted', { parentId: identity.accountId, childId: child.id }));
    });
    return reply.code(204).send(null);
  });
}

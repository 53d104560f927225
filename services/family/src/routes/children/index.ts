import { childDetailSchema, childSummarySchema, errorResponseSchema } from '@bracelet/contracts';
import { type HttpServer, uuidField, uuidParam } from '@bracelet/service-kit';
import { z } from 'zod';
import { type Child, createChildRepository } from '../../db/children.repository.js';
import { reencodePhoto } from '../../photo-processing.js';
import { addChild } from '../../use-cases/add-child.js';
import { childNotFound } from '../../use-cases/child-not-found.js';
import { deleteChild } from '../../use-cases/delete-child.js';
import { setChildPrivacy } from '../../use-cases/set-child-privacy.js';
import { updateChild } from '../../use-cases/update-child.js';
import { assertSameParent, type FamilyDeps, parentOf } from '../context.js';
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

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
};

export function registerChildRoutes(app: HttpServer, deps: FamilyDeps): void {
  const { db, config } = deps;
  const children = createChildRepository(db);

  app.post('/add_child_profile/', { schema: { response: { 201: childDetailSchema, ...errors } } }, async (request, reply) => {
    const identity = parentOf(request, deps);
    const form = await readChildForm(request, config.PHOTO_MAX_BYTES);
    const fields = parseChildFields(childFieldsSchema.extend({ parent_id: uuidField }), form.fields);
    assertSameParent(identity, fields.parent_id);
    const photo = form.photo ? await reencodePhoto(form.photo) : undefined;
    const child = await addChild(db, identity.accountId, toChildFields(fields), photo);
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
      return childDetailOf(await updateChild(db, identity.accountId, request.params.id, toChildFields(fields), photo));
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
      const { show_surname, show_photo, show_age } = request.body;
      return childDetailOf(
        await setChildPrivacy(db, identity.accountId, request.params.id, {
          showSurname: show_surname,
          showPhoto: show_photo,
          showAge: show_age,
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
    await deleteChild(db, identity.accountId, request.params.id);
    return reply.code(204).send(null);
  });
}

import { braceletIdSchema, braceletSummarySchema, createEvent, errorResponseSchema } from '@bracelet/contracts';
import { AppError, type HttpServer, uuidField, uuidParam, withTransaction, writeEvent } from '@bracelet/service-kit';
import { z } from 'zod';
import { type Account, createAccountRepository } from '../../db/accounts.repository.js';
import { createBraceletRepository, type OwnedBracelet } from '../../db/bracelets.repository.js';
import { createChildRepository } from '../../db/children.repository.js';
import { childCardOf, emergencyContactOf, parentContactOf } from '../../events/payloads.js';
import { assertSameParent, type FamilyDeps, notYours, parentOf } from '../context.js';

const braceletSummaryOf = (bracelet: OwnedBracelet) => ({
  id: bracelet.id,
  bracelet_id: bracelet.id,
  configured: bracelet.configured ? ('1' as const) : ('0' as const),
  child: bracelet.child
    ? { id: bracelet.child.id, first_name: bracelet.child.firstName, surname: bracelet.child.surname, photo: bracelet.child.photoId }
    : null,
});

const braceletNotFound = () => notYours('Bracelet introuvable.');
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export function registerBraceletRoutes(app: HttpServer, deps: FamilyDeps): void {
  const { db } = deps;
  const bracelets = createBraceletRepository(db);

  app.get(
    '/get_bracelets_by_parent/:id',
    { schema: { params: uuidParam, response: { 200: z.array(braceletSummarySchema), ...errors } } },
    async (request) => {
      const identity = parentOf(request, deps);
      assertSameParent(identity, request.params.id);
      return (await bracelets.listByOwner(identity.accountId)).map(braceletSummaryOf);
    },
  );

  app.post(
    '/associate_child_to_bracelet/',
    {
      schema: {
        body: z.object({
          child_id: uuidField,
          bracelet_id: braceletIdSchema,
          parent_id: uuidField,
          // Sent by the spec's frontend; the notifier takes these from the accounts instead.
          email_infos: z.unknown().optional(),
        }),
        response: { 200: braceletSummarySchema, ...errors },
      },
    },
    async (request) => {
      const identity = parentOf(request, deps);
      assertSameParent(identity, request.body.parent_id);
      const result = await withTransaction(db, async (tx) => {
        const repository = createBraceletRepository(tx);
        const bracelet = await repository.findForUpdate(request.body.bracelet_id, tx);
        // Someone else's bracelet is indistinguishable from one that does not exist.
        if (!bracelet || (bracelet.ownerId && bracelet.ownerId !== identity.accountId)) throw braceletNotFound();
        if (bracelet.configured)
          throw new AppError(409, 'already_configured', 'Ce bracelet est déjà configuré. Réinitialisez-le avant de le réassocier.');
        const child = await createChildRepository(tx).findOwned(request.body.child_id, identity.accountId, tx);
        if (!child) throw notYours('Enfant introuvable.');
        await repository.associate(bracelet.id, identity.accountId, child.id, tx);
        const parent = (await createAccountRepository(tx).findById(identity.accountId, tx)) as Account;
        await writeEvent(
          tx,
          'family',
          createEvent('bracelet.associated', {
            braceletId: bracelet.id,
            parent: parentContactOf(parent),
            child: await childCardOf(child, tx),
            emergencyContact: emergencyContactOf(child),
          }),
        );
        return {
          id: bracelet.id,
          ownerId: identity.accountId,
          childId: child.id,
          configured: true,
          child: { id: child.id, firstName: child.firstName, surname: child.surname, photoId: child.photoId },
        };
      });
      return braceletSummaryOf(result);
    },
  );

  app.patch(
    '/reset_bracelet/:id',
    { schema: { params: z.object({ id: braceletIdSchema }), response: { 200: braceletSummarySchema, ...errors } } },
    async (request) => {
      const identity = parentOf(request, deps);
      await withTransaction(db, async (tx) => {
        const repository = createBraceletRepository(tx);
        const bracelet = await repository.findForUpdate(request.params.id, tx);
        if (!bracelet || bracelet.ownerId !== identity.accountId) throw braceletNotFound();
        await repository.reset(bracelet.id, tx);
        await writeEvent(tx, 'family', createEvent('bracelet.reset', { braceletId: bracelet.id, parentId: identity.accountId }));
      });
      return { id: request.params.id, bracelet_id: request.params.id, configured: '0' as const, child: null };
    },
  );
}

import { braceletIdSchema, braceletSummarySchema, errorResponseSchema } from '@bracelet/contracts';
import { type HttpServer, uuidField, uuidParam } from '@bracelet/service-kit';
import { z } from 'zod';
import { createBraceletRepository, type OwnedBracelet } from '../../db/bracelets.repository.js';
import { associateBracelet } from '../../use-cases/associate-bracelet.js';
import { resetBracelet } from '../../use-cases/reset-bracelet.js';
import { assertSameParent, type FamilyDeps, parentOf } from '../context.js';

const braceletSummaryOf = (bracelet: OwnedBracelet) => ({
  id: bracelet.id,
  bracelet_id: bracelet.id,
  configured: bracelet.configured ? ('1' as const) : ('0' as const),
  child: bracelet.child
    ? { id: bracelet.child.id, first_name: bracelet.child.firstName, surname: bracelet.child.surname, photo: bracelet.child.photoId }
    : null,
});

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
      return braceletSummaryOf(await associateBracelet(db, identity.accountId, request.body.bracelet_id, request.body.child_id));
    },
  );

  app.patch(
    '/reset_bracelet/:id',
    { schema: { params: z.object({ id: braceletIdSchema }), response: { 200: braceletSummarySchema, ...errors } } },
    async (request) => {
      const identity = parentOf(request, deps);
      await resetBracelet(db, identity.accountId, request.params.id);
      return { id: request.params.id, bracelet_id: request.params.id, configured: '0' as const, child: null };
    },
  );
}

import { type HttpServer, notFound } from '@bracelet/service-kit';
import { z } from 'zod';
import { createPhotoRepository } from '../../db/photos.repository.js';
import { type FamilyDeps, parentOf } from '../context.js';

/** A child's photo, served only to the parent who uploaded it. */
export function registerPhotoRoutes(app: HttpServer, deps: FamilyDeps): void {
  const photos = createPhotoRepository(deps.db);
  app.get('/get-photo/:photo', { schema: { params: z.object({ photo: z.string().max(64) }) } }, async (request, reply) => {
    const identity = parentOf(request, deps);
    const photo = await photos.findOwned(request.params.photo, identity.accountId);
    if (!photo) throw notFound();
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(photo.content);
  });
}

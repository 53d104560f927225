import { type Pool, withTransaction } from '@bracelet/service-kit';
import { type Child, type ChildFields, createChildRepository } from '../db/children.repository.js';
import { createPhotoRepository } from '../db/photos.repository.js';
import type { ProcessedPhoto } from '../photo-processing.js';

/** A new child profile, with its photo if one was sent. */
export function addChild(db: Pool, parentId: string, fields: ChildFields, photo: ProcessedPhoto | undefined): Promise<Child> {
  return withTransaction(db, async (tx) => {
    const photoId = photo ? await createPhotoRepository(tx).insert(parentId, photo) : null;
    return createChildRepository(tx).insert(parentId, fields, photoId);
  });
}

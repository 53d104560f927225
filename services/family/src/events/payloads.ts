import type { EventOf } from '@bracelet/contracts';
import type { Queryable } from '@bracelet/service-kit';
import type { Account } from '../db/accounts.repository.js';
import type { Child } from '../db/children.repository.js';
import { createPhotoRepository } from '../db/photos.repository.js';

type Associated = EventOf<'bracelet.associated'>;

/** The account holder as the notifier needs them. */
export const parentContactOf = (account: Account): Associated['parent'] => ({
  id: account.id,
  email: account.email,
  firstName: account.firstName,
});

/** What a finder may see of the child: the first name always, the rest as the parent chose. */
export async function childCardOf(child: Child, db: Queryable): Promise<Associated['child']> {
  const cardPhoto = child.privacy.showPhoto && child.photoId ? await createPhotoRepository(db).findCardContent(child.photoId) : undefined;
  return {
    id: child.id,
    firstName: child.firstName,
    surname: child.privacy.showSurname ? child.surname : null,
    birthDate: child.privacy.showAge ? child.birthDate : null,
    photo: cardPhoto ? { contentType: 'image/webp', base64: cardPhoto.toString('base64') } : null,
  };
}

export const emergencyContactOf = (child: Child): Associated['emergencyContact'] => ({
  firstName: child.emergencyFirstName,
  surname: child.emergencySurname,
  phone: child.emergencyPhone,
  relationship: child.relationship,
  photo: null,
});

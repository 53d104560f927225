import type { EventOf } from '@bracelet/contracts';
import type { Account } from '../db/accounts.repository.js';
import type { Child } from '../db/children.repository.js';

type Associated = EventOf<'bracelet.associated'>;

/** The account holder as the notifier needs them. */
export const parentContactOf = (account: Account): Associated['parent'] => ({
  id: account.id,
  email: account.email,
  firstName: account.firstName,
});

/** What a finder may see of the child: the first name always, the rest as the parent chose. */
export const childCardOf = (child: Child): Associated['child'] => ({
  id: child.id,
  firstName: child.firstName,
  surname: child.privacy.showSurname ? child.surname : null,
  birthDate: child.privacy.showAge ? child.birthDate : null,
  photo: child.privacy.showPhoto ? child.photoId : null,
});

export const emergencyContactOf = (child: Child): Associated['emergencyContact'] => ({
  firstName: child.emergencyFirstName,
  surname: child.emergencySurname,
  phone: child.emergencyPhone,
  relationship: child.relationship,
  photo: null,
});

import { z } from 'zod';

/** An id the API is given (a parent, a child, an order): a uuid, or a French 400. */
export const uuidField = z.uuid({ message: 'Identifiant invalide.' });

/** The `:id` route parameter of every resource named by a uuid. */
export const uuidParam = z.object({ id: uuidField });

import { AppError } from '@bracelet/service-kit';

/** Another parent's resource answers exactly like one that does not exist. */
export const notYours = (message = 'Ressource introuvable.') => new AppError(404, 'not_found', message);

import { notYours } from './errors.js';

/** Another parent's child is indistinguishable from one that does not exist. */
export const childNotFound = () => notYours("Impossible de charger les informations de l'enfant.");

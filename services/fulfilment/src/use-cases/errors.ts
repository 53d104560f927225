import { AppError } from '@bracelet/service-kit';

export const STATUS_LABELS = { to_prepare: 'À préparer', prepared: 'Préparée', shipped: 'Expédiée' } as const;

export const orderNotFound = () => new AppError(404, 'order_not_found', 'Commande introuvable.');
/** A change the order's status does not allow (the back office's French, spec §8 made French). */
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Checkout refunded the order (a withdrawal, mostly): nothing more leaves for it. */
export const orderRefunded = (orderNumber: string) =>
  conflict('order_refunded', `La commande ${orderNumber} a été remboursée : elle ne doit plus être préparée ni expédiée.`);

import { AppError, type Pool, withTransaction } from '@bracelet/service-kit';
import { BraceletAlreadyInAnOrderError, createShippingRepository } from '../db/shipping.repository.js';
import { braceletIdOfScan } from '../scanned-code.js';
import { conflict, orderNotFound, orderRefunded, STATUS_LABELS } from './errors.js';

/**
 * Puts a scanned (or typed) bracelet in an order being prepared. The order is locked, so adds to
 * one order are counted one at a time; the bracelet's primary key in preparation_lines makes two
 * orders racing for one bracelet end with exactly one winner. Answers the bracelet's id.
 */
export async function addBraceletToOrder(
  db: Pool,
  { orderId, code, staffId, publicUrl }: { orderId: string; code: string; staffId: string; publicUrl: string },
): Promise<string> {
  const braceletId = braceletIdOfScan(code, publicUrl);
  if (!braceletId) {
    throw new AppError(
      400,
      'unreadable_code',
      'Code illisible : scannez le QR code d’un bracelet ou saisissez son identifiant (20 caractères).',
      {
        bracelet_id: ['Code illisible.'],
      },
    );
  }
  await withTransaction(db, async (tx) => {
    const shipping = createShippingRepository(tx);
    const order = await shipping.lock(orderId);
    if (!order) throw orderNotFound();
    if (order.status !== 'to_prepare') {
      throw conflict('order_not_to_prepare', `La commande ${order.orderNumber} n’est plus à préparer (${STATUS_LABELS[order.status]}).`);
    }
    if (await shipping.refundedAt(orderId)) throw orderRefunded(order.orderNumber);
    if (!(await shipping.isMinted(braceletId))) {
      throw new AppError(404, 'bracelet_unknown', `Le bracelet ${braceletId} est inconnu : il n’a jamais été créé.`);
    }
    // A bracelet a family configured (even one given back to stock since) carries its history: never sold again.
    if (await shipping.wasEverConfigured(braceletId)) {
      throw conflict(
        'bracelet_configured',
        `Le bracelet ${braceletId} a déjà été configuré par une famille : il ne peut pas être vendu de nouveau.`,
      );
    }
    const taken = await shipping.orderOfBracelet(braceletId);
    if (taken?.orderId === orderId) throw conflict('bracelet_already_added', `Le bracelet ${braceletId} est déjà dans cette commande.`);
    if (taken) throw conflict('bracelet_sold', `Le bracelet ${braceletId} est déjà dans la commande ${taken.orderNumber}.`);
    const added = await shipping.braceletsOf(orderId);
    if (added.length >= order.quantity) {
      throw conflict(
        'order_complete',
        order.quantity === 1
          ? 'La commande ne compte qu’un bracelet, déjà ajouté : retirez-le avant d’en ajouter un autre.'
          : `La commande compte déjà ses ${order.quantity} bracelets : retirez-en un avant d’en ajouter un autre.`,
      );
    }
    try {
      await shipping.addBracelet(orderId, braceletId, staffId);
    } catch (error) {
      if (error instanceof BraceletAlreadyInAnOrderError) {
        throw conflict('bracelet_sold', `Le bracelet ${braceletId} vient d’être ajouté à une autre commande.`);
      }
      throw error;
    }
  });
  return braceletId;
}

/** Takes a wrongly scanned bracelet out of an order still being prepared. */
export async function removeBraceletFromOrder(db: Pool, { orderId, braceletId }: { orderId: string; braceletId: string }): Promise<void> {
  await withTransaction(db, async (tx) => {
    const shipping = createShippingRepository(tx);
    const order = await shipping.lock(orderId);
    if (!order) throw orderNotFound();
    if (order.status !== 'to_prepare') {
      throw conflict('order_not_to_prepare', `La commande ${order.orderNumber} n’est plus à préparer (${STATUS_LABELS[order.status]}).`);
    }
    if (!(await shipping.removeBracelet(orderId, braceletId))) {
      throw new AppError(404, 'bracelet_not_in_order', `Le bracelet ${braceletId} n’est pas dans cette commande.`);
    }
  });
}

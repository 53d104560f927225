import { createEvent } from '@bracelet/contracts';
import { AppError, type Pool, withTransaction, writeEvent } from '@bracelet/service-kit';
import { type Carrier, createShippingRepository } from '../db/shipping.repository.js';
import { conflict, orderNotFound, orderRefunded, STATUS_LABELS } from './errors.js';

export type StatusChange =
  | { status: 'prepared' }
  | { status: 'shipped'; carrier?: Carrier | undefined; trackingNumber?: string | undefined };

/**
 * Moves an order along: to_prepare → prepared (every ordered bracelet is in the parcel; family
 * gives them to the buyer's account on order.prepared) → shipped (with the carrier's tracking
 * number; the buyer is e-mailed on order.shipped). Anything else is a 409. One transaction with
 * the outbox write.
 */
export async function changeOrderStatus(
  db: Pool,
  { orderId, staffId, change }: { orderId: string; staffId: string; change: StatusChange },
) {
  await withTransaction(db, async (tx) => {
    const shipping = createShippingRepository(tx);
    const order = await shipping.lock(orderId);
    if (!order) throw orderNotFound();
    if (await shipping.refundedAt(orderId)) throw orderRefunded(order.orderNumber);
    if (change.status === 'prepared') {
      if (order.status !== 'to_prepare') {
        throw conflict(
          'invalid_transition',
          `La commande ${order.orderNumber} est déjà ${STATUS_LABELS[order.status].toLowerCase()} : seule une commande à préparer peut être finalisée.`,
        );
      }
      const bracelets = await shipping.braceletsOf(orderId);
      if (bracelets.length !== order.quantity) {
        throw conflict(
          'preparation_incomplete',
          `La commande contient ${order.quantity} bracelet${order.quantity > 1 ? 's' : ''} et ${bracelets.length} ${bracelets.length > 1 ? 'ont été ajoutés' : 'a été ajouté'} : ajoutez-les tous avant de finaliser.`,
        );
      }
      await shipping.markPrepared(orderId, staffId);
      await writeEvent(
        tx,
        'fulfilment',
        createEvent('order.prepared', { orderId, parentId: order.parentId, braceletIds: bracelets.map((bracelet) => bracelet.id) }),
      );
      return;
    }
    if (order.status !== 'prepared') {
      throw conflict(
        'invalid_transition',
        order.status === 'shipped'
          ? `La commande ${order.orderNumber} est déjà expédiée.`
          : `La commande ${order.orderNumber} n’est pas encore préparée : finalisez sa préparation avant de l’expédier.`,
      );
    }
    if (!change.trackingNumber) {
      throw new AppError(400, 'tracking_number_required', 'Indiquez le numéro de suivi du colis.', {
        tracking_number: ['Le numéro de suivi est obligatoire pour une commande expédiée.'],
      });
    }
    const carrier = change.carrier ?? order.carrier;
    const trackingNumber = change.trackingNumber.toUpperCase();
    await shipping.markShipped(orderId, { staffId, carrier, trackingNumber });
    await writeEvent(
      tx,
      'fulfilment',
      createEvent('order.shipped', {
        orderId,
        orderNumber: order.orderNumber,
        parentId: order.parentId,
        customerEmail: order.customer.email,
        customerName: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
        shipmentId: trackingNumber,
        carrier,
        trackingNumber,
        destinationPostalCode: order.destination.postalCode,
      }),
    );
  });
}

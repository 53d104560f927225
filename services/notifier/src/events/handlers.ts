import { type ConsumerHandlers, handledLater } from '@bracelet/service-kit';

/** The notifier turns events into e-mails and SMS. Each message arrives with its feature's issue. */
export const notifierEventHandlers: ConsumerHandlers<'notifier'> = {
  'bracelet.scanned': handledLater('scan alert to the family (finder issue)'),
  'location.shared': handledLater('position message to the contact (finder issue)'),
  'payment.succeeded': handledLater('order confirmation e-mail (checkout issue)'),
  'order.shipped': handledLater('shipping e-mail (back-office issue)'),
  'parent.registered': handledLater('welcome e-mail (family issue)'),
  'password.reset_requested': handledLater('password reset e-mail (family issue)'),
};

import { type ConsumerHandlers, handledLater } from '@bracelet/service-kit';
import type { Mailer } from '../mail/mailer.js';
import { sendMailOnce } from '../mail/send-once.js';
import { passwordResetMail, welcomeMail } from '../templates/account-mails.js';

/** The notifier turns events into e-mails and SMS. */
export function createNotifierEventHandlers({ mailer, publicUrl }: { mailer: Mailer; publicUrl: string }): ConsumerHandlers<'notifier'> {
  return {
    'parent.registered': async (event, { db }) => {
      await sendMailOnce(db, mailer, { eventId: event.eventId, template: 'welcome', mail: welcomeMail(event, publicUrl) });
    },
    'password.reset_requested': async (event, { db, log }) => {
      if (Date.parse(event.expiresAt) <= Date.now()) {
        log.info('password reset link expired before it could be sent');
        return;
      }
      await sendMailOnce(db, mailer, { eventId: event.eventId, template: 'password-reset', mail: passwordResetMail(event) });
    },
    'bracelet.scanned': handledLater('scan alert to the family (finder issue)'),
    'location.shared': handledLater('position message to the contact (finder issue)'),
    'payment.succeeded': handledLater('order confirmation e-mail (checkout issue)'),
    'order.shipped': handledLater('shipping e-mail (back-office issue)'),
  };
}

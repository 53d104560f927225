import { type ConsumerHandlers, handledLater } from '@bracelet/service-kit';
import { createScanAlertWindowRepository } from '../db/scan-alert-windows.repository.js';
import type { Mailer } from '../mail/mailer.js';
import { sendMailOnce, sendSmsOnce } from '../mail/send-once.js';
import type { ScanSummaries } from '../scan-summaries.js';
import type { SmsProvider } from '../sms/provider.js';
import { passwordResetMail, welcomeMail } from '../templates/account-mails.js';
import { locationMail, locationSms, scanAlertMail, scanAlertSms } from '../templates/finder-messages.js';

type Transports = {
  mailer: Mailer;
  sms: SmsProvider;
  publicUrl: string;
  scanAlertWindowSeconds: number;
  /** Schedules the end-of-window summary; absent where summaries are not wanted (tests). */
  summaries?: Pick<ScanSummaries, 'schedule'>;
};

/** The notifier turns events into e-mails and SMS. */
export function createNotifierEventHandlers({
  mailer,
  sms,
  publicUrl,
  scanAlertWindowSeconds,
  summaries,
}: Transports): ConsumerHandlers<'notifier'> {
  return {
    'bracelet.scanned': async (event, { tx, db }) => {
      const window = await createScanAlertWindowRepository(tx).countScan(
        event.braceletId,
        new Date(event.occurredAt),
        scanAlertWindowSeconds,
        tx,
      );
      if (!window.opensWindow) return; // counted, and told in the window's summary
      await summaries?.schedule({ event, windowStartedAt: window.windowStartedAt });
      await Promise.all([
        sendMailOnce(db, mailer, { eventId: event.eventId, template: 'scan-alert', mail: scanAlertMail(event, publicUrl) }),
        sendSmsOnce(db, sms, {
          eventId: event.eventId,
          template: 'scan-alert',
          to: event.emergencyContactPhone,
          text: scanAlertSms(event),
        }),
      ]);
    },
    'location.shared': async (event, { db }) => {
      await Promise.all([
        sendMailOnce(db, mailer, { eventId: event.eventId, template: 'location', mail: locationMail(event) }),
        sendSmsOnce(db, sms, { eventId: event.eventId, template: 'location', to: event.emergencyContactPhone, text: locationSms(event) }),
      ]);
    },
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
    'payment.succeeded': handledLater('order confirmation e-mail (checkout issue)'),
    'order.shipped': handledLater('shipping e-mail (back-office issue)'),
  };
}

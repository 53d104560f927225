import { demoSeller, invoiceOf, renderInvoicePdf, type Seller } from '@bracelet/invoice';
import { type ConsumerHandlers, defineHistogram } from '@bracelet/service-kit';
import type { Mailer } from '../mail/mailer.js';
import { createOutbound } from '../mail/send-once.js';
import type { SmsProvider } from '../sms/provider.js';
import { loginAttackMail, passwordResetMail, signupAttemptMail, welcomeMail } from '../templates/account-mails.js';
import {
  locationFollowUpMail,
  locationMail,
  locationSms,
  scanAlertMail,
  scanAlertSms,
  scanSummaryMail,
} from '../templates/finder-messages.js';
import { orderConfirmationMail } from '../templates/order-mails.js';
import { refundConfirmationMail } from '../templates/refund-mails.js';
import { orderShippedMail } from '../templates/shipping-mails.js';
import { withdrawalAcknowledgmentMail } from '../templates/withdrawal-mails.js';

/**
 * Sends an event's messages side by side and waits for every one of them before failing the job
 * with the first refusal: a message still being sent is never left running outside its job.
 */
async function sendAll(sends: Promise<unknown>[]): Promise<void> {
  const outcomes = await Promise.allSettled(sends);
  const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (refused) throw refused.reason;
}

const scanToAlertSeconds = defineHistogram(
  'scan_to_alert_seconds',
  "From a finder's scan to its alert (mail and SMS) handed to the transports, in seconds.",
  [],
  [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
);

/**
 * `seller`: whose invoices the confirmations carry (the configured identity; the demo one if not
 * given). `claimLeaseSeconds`: when a dead worker's claim on a message may be taken over.
 */
type Transports = { mailer: Mailer; sms: SmsProvider; publicUrl: string; seller?: Seller; claimLeaseSeconds?: number };

/** The notifier turns events into e-mails and SMS. */
export function createNotifierEventHandlers({
  mailer,
  sms,
  publicUrl,
  seller = demoSeller,
  claimLeaseSeconds,
}: Transports): ConsumerHandlers<'notifier'> {
  const outbound = createOutbound({ mailer, sms, claimLeaseSeconds });
  return {
    // Scan groups scans: this event is the first of its window, so it alerts at once.
    'bracelet.scanned': async (event, context) => {
      await sendAll([
        outbound.mail(context, { eventId: event.eventId, template: 'scan-alert', mail: scanAlertMail(event, publicUrl) }),
        outbound.sms(context, {
          eventId: event.eventId,
          template: 'scan-alert',
          to: event.emergencyContactPhone,
          text: scanAlertSms(event),
        }),
      ]);
      // From the finder's scan to its alert handed to the transports.
      scanToAlertSeconds.observe((Date.now() - Date.parse(event.occurredAt)) / 1000);
    },
    'bracelet.scans_grouped': async (event, context) => {
      await outbound.mail(context, { eventId: event.eventId, template: 'scan-summary', mail: scanSummaryMail(event, publicUrl) });
    },
    'location.shared': async (event, context) => {
      await sendAll([
        outbound.mail(context, { eventId: event.eventId, template: 'location', mail: locationMail(event) }),
        outbound.sms(context, { eventId: event.eventId, template: 'location', to: event.emergencyContactPhone, text: locationSms(event) }),
      ]);
    },
    // Scan caps these per bracelet: one follow-up e-mail per share window, never an SMS.
    'location.shares_grouped': async (event, context) => {
      await outbound.mail(context, {
        eventId: event.eventId,
        template: 'location-follow-up',
        mail: locationFollowUpMail(event, publicUrl),
      });
    },
    'parent.signup_attempted': async (event, context) => {
      await outbound.mail(context, { eventId: event.eventId, template: 'signup-attempt', mail: signupAttemptMail(event, publicUrl) });
    },
    'parent.login_throttled': async (event, context) => {
      await outbound.mail(context, { eventId: event.eventId, template: 'login-attack', mail: loginAttackMail(event, publicUrl) });
    },
    'parent.registered': async (event, context) => {
      await outbound.mail(context, { eventId: event.eventId, template: 'welcome', mail: welcomeMail(event, publicUrl) });
    },
    'password.reset_requested': async (event, context) => {
      if (Date.parse(event.expiresAt) <= Date.now()) {
        context.log.info('password reset link expired before it could be sent');
        return;
      }
      await outbound.mail(context, { eventId: event.eventId, template: 'password-reset', mail: passwordResetMail(event) });
    },
    // The invoice is drawn from the event alone, as checkout draws it for the download: the same document.
    'payment.succeeded': async (event, context) => {
      const pdf = await renderInvoicePdf(invoiceOf(event, seller));
      await outbound.mail(context, {
        eventId: event.eventId,
        template: 'order-confirmation',
        mail: orderConfirmationMail(event, publicUrl, seller, pdf),
      });
    },
    'payment.refunded': async (event, context) => {
      await outbound.mail(context, {
        eventId: event.eventId,
        template: 'refund-confirmation',
        mail: refundConfirmationMail(event, publicUrl),
      });
    },
    'order.withdrawal_requested': async (event, context) => {
      await outbound.mail(context, {
        eventId: event.eventId,
        template: 'withdrawal-acknowledgment',
        mail: withdrawalAcknowledgmentMail(event, publicUrl),
      });
    },
    'order.shipped': async (event, context) => {
      await outbound.mail(context, { eventId: event.eventId, template: 'order-shipped', mail: orderShippedMail(event, publicUrl) });
    },
  };
}

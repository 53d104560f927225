import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent } from '@bracelet/contracts';
import { freePort, startMailCatcher } from '@bracelet/devstack';
import { demoSeller, invoiceOf, renderInvoicePdf } from '@bracelet/invoice';
import { createLogger, createPool } from '@bracelet/service-kit';
import { readCapturedMail, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createNotifierEventHandlers } from '../src/events/handlers.js';
import { createMailer, type Mailer } from '../src/mail/mailer.js';
import { createLogSmsProvider } from '../src/sms/log-provider.js';
import { orderConfirmationMail } from '../src/templates/order-mails.js';

const db = createPool(inject('integration').serviceUrls.notifier, 'notifier', 2);
const log = createLogger('t', 'silent');
const sms = createLogSmsProvider(mkdtempSync(join(tmpdir(), 'notifier-sms-')));
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let mailer: Mailer;
beforeAll(async () => {
  catcher = await startMailCatcher({ dir: mkdtempSync(join(tmpdir(), 'notifier-mail-')), port: await freePort() });
  mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
});
afterAll(async () => {
  mailer.close();
  await catcher.stop();
  await db.end();
});

const pdfText = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

function paid(email: string, firstName = 'Camille') {
  return createEvent('payment.succeeded', {
    orderId: globalThis.crypto.randomUUID(),
    orderNumber: 'BQ-001042',
    invoiceNumber: 'F2026-000042',
    parentId: null,
    customer: {
      email,
      firstName,
      lastName: 'Martin',
      phone: null,
      address: '12 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      country: 'France',
    },
    lines: [
      {
        code: 'BRACELET_CORDE',
        productName: 'Bracelet en corde',
        color: 'orange',
        colourName: 'Orange',
        quantity: 1,
        unitPriceCents: 3999,
        totalCents: 3999,
      },
    ],
    delivery: {
      method: 'express',
      carrier: 'laposte',
      address: { address: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
    },
    goodsCents: 3999,
    shippingCents: 1290,
    totalCents: 5289,
    currency: 'eur',
    paymentIntentId: 'pi_test',
    paidAt: '2026-11-22T10:00:00.000Z',
    invoiceUrl: 'http://shop.test/invoices/3f0c8f5e-0000-4000-8000-000000000000?token=abc',
  });
}

describe('order confirmation e-mail', () => {
  it('is sent once through real SMTP, even when payment.succeeded comes twice, with the invoice PDF attached', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    const event = paid(email);
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    for (let delivery = 0; delivery < 2; delivery += 1) await runHandler(db, handlers, event, log);

    const mails = readCapturedMail(catcher.dir, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Confirmation de votre commande BQ-001042');
    const text = mail?.text ?? '';
    expect(text).toContain('Commande n° BQ-001042 — facture n° F2026-000042');
    expect(text).toContain('1 × Bracelet en corde — Orange : 39,99 € l’unité, 39,99 €');
    expect(text).toContain('Livraison à domicile La Poste (express) : 12,90 €');
    expect(text).toContain('Total TTC : 52,89 €');
    expect(text).toContain('dont TVA 20 % : 8,81 € (total HT : 44,08 €)');
    expect(text).toContain('Livraison à : 12 rue des Lilas, 69003 Lyon, France');
    expect(text).toContain('Télécharger la facture : http://shop.test/invoices/3f0c8f5e-0000-4000-8000-000000000000?token=abc');
    expect(text).toContain('Se rétracter du contrat ici : http://shop.test/retractation?order=BQ-001042');

    expect(mail?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'facture-F2026-000042.pdf', contentType: 'application/pdf' },
    ]);
    const pdf = mail?.attachments[0]?.content ?? Buffer.alloc(0);
    const invoiceText = pdfText(pdf);
    expect(invoiceText).toContain('Facture n° F2026-000042');
    expect(invoiceText).toContain('Commande n° BQ-001042');
    expect(invoiceText).toMatch(/Total TTC\s+52,89 €/);
    expect(invoiceText).toMatch(/TVA 20 %\s+8,81 €/);
    // The very document checkout serves for download (drawn from the same facts).
    expect(pdf.equals(Buffer.from(await renderInvoicePdf(invoiceOf(event, demoSeller))))).toBe(true);
    const sent = await db.query('SELECT template, status FROM outbound_messages WHERE event_id = $1', [event.eventId]);
    expect(sent.rows).toEqual([{ template: 'order-confirmation', status: 'sent' }]);
  });

  it('escapes what the buyer typed in the HTML body', async () => {
    const event = paid('escape@example.com', '<img src=x onerror=alert(1)>');
    const mail = orderConfirmationMail(event, 'http://shop.test', demoSeller, new Uint8Array([1]));
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('<a href="http://shop.test/retractation?order=BQ-001042">Se rétracter du contrat ici</a>');
  });
});

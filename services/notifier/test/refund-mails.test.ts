import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent } from '@bracelet/contracts';
import { freePort, startMailCatcher } from '@bracelet/devstack';
import { createLogger, createPool } from '@bracelet/service-kit';
import { readCapturedMail, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createNotifierEventHandlers } from '../src/events/handlers.js';
import { createMailer } from '../src/mail/mailer.js';
import { createLogSmsProvider } from '../src/sms/log-provider.js';

const db = createPool(inject('integration').serviceUrls.notifier, 'notifier', 2);
const log = createLogger('t', 'silent');
const sms = createLogSmsProvider(mkdtempSync(join(tmpdir(), 'notifier-sms-')));
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  catcher = await startMailCatcher({ dir: mkdtempSync(join(tmpdir(), 'notifier-mail-')), port: await freePort() });
});
afterAll(async () => {
  await catcher.stop();
  await db.end();
});

const refund = (email: string, amountCents: number) =>
  createEvent('payment.refunded', {
    orderId: globalThis.crypto.randomUUID(),
    orderNumber: 'BQ-001777',
    parentId: null,
    customerEmail: email,
    customerFirstName: 'Camille',
    refundId: 're_3Qtest',
    amountCents,
    paidCents: 8588,
    currency: 'eur',
    refundedAt: '2026-11-22T09:30:00.000Z',
  });

describe('refund confirmations', () => {
  it('tells the buyer in French that the whole order was refunded, once even when the event comes twice', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    const event = refund('remboursement@example.com', 8588);
    await runHandler(db, handlers, event, log);
    await runHandler(db, handlers, event, log);
    const mails = readCapturedMail(catcher.dir, 'remboursement@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Remboursement de votre commande BQ-001777');
    expect(mails[0]?.text).toContain('Bonjour Camille,');
    expect(mails[0]?.text).toContain('Nous avons remboursé le 22 novembre 2026 l’intégralité de votre commande BQ-001777 : 85,88 €.');
    expect(mails[0]?.text).toContain('Référence du remboursement : re_3Qtest');
    mailer.close();
  });

  it('says how much of the payment a partial refund gives back', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    await runHandler(db, handlers, refund('partiel@example.com', 3999), log);
    const [mail] = readCapturedMail(catcher.dir, 'partiel@example.com');
    expect(mail?.text).toContain('Nous avons remboursé le 22 novembre 2026 39,99 € sur les 85,88 € payés pour votre commande BQ-001777.');
    mailer.close();
  });
});

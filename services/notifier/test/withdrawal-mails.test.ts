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

const withdrawal = (email: string, accepted: boolean) =>
  createEvent('order.withdrawal_requested', {
    orderId: globalThis.crypto.randomUUID(),
    orderNumber: 'BQ-001234',
    customerEmail: email,
    customerName: 'Camille Martin',
    requestedAt: '2026-11-20T14:05:00.000Z',
    accepted,
    deadline: '2026-12-01T23:59:59.000Z',
  });

describe('withdrawal acknowledgments', () => {
  it('acknowledges a withdrawal with its statement, date and time, once even when the event comes twice', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    const event = withdrawal('retractation@example.com', true);
    await runHandler(db, handlers, event, log);
    await runHandler(db, handlers, event, log);
    const mails = readCapturedMail(catcher.dir, 'retractation@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Accusé de réception de votre rétractation — commande BQ-001234');
    expect(mails[0]?.text).toContain('faite par Camille Martin le 20 novembre 2026 à 15:05');
    expect(mails[0]?.text).toContain('« Je me rétracte du contrat portant sur la commande BQ-001234. »');
    mailer.close();
  });

  it('tells the buyer when the period had ended', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    await runHandler(db, handlers, withdrawal('tardive@example.com', false), log);
    const [mail] = readCapturedMail(catcher.dir, 'tardive@example.com');
    expect(mail?.subject).toBe('Votre demande de rétractation — commande BQ-001234');
    expect(mail?.text).toContain('Le délai de rétractation de cette commande a pris fin le 2 décembre 2026 à 00:59');
    mailer.close();
  });
});

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

const shipped = (email: string, carrier: 'laposte' | 'mondialrelay', parentId: string | null) =>
  createEvent('order.shipped', {
    orderId: globalThis.crypto.randomUUID(),
    orderNumber: 'BQ-004321',
    parentId,
    customerEmail: email,
    customerName: 'Camille Martin',
    shipmentId: '6A12345678901',
    carrier,
    trackingNumber: '6A12345678901',
    destinationPostalCode: '75001',
  });

describe('the shipping e-mail', () => {
  it('tells the buyer their Colissimo tracking number and link, once even when the event comes twice', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    const event = shipped('colis@example.com', 'laposte', globalThis.crypto.randomUUID());
    await runHandler(db, handlers, event, log);
    await runHandler(db, handlers, event, log);
    const mails = readCapturedMail(catcher.dir, 'colis@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Votre commande BQ-004321 est expédiée');
    expect(mails[0]?.text).toContain('Bonjour Camille Martin,');
    expect(mails[0]?.text).toContain('remise à Colissimo (La Poste)');
    expect(mails[0]?.text).toContain('Numéro de suivi : 6A12345678901');
    expect(mails[0]?.text).toContain('Suivre mon colis : https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901');
    expect(mails[0]?.text).toContain('Mon compte : http://shop.test/account');
    mailer.close();
  });

  it('links a relay parcel to Mondial Relay’s tracking page, and tells a guest how to configure', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    await runHandler(db, handlers, shipped('relais@example.com', 'mondialrelay', null), log);
    const [mail] = readCapturedMail(catcher.dir, 'relais@example.com');
    expect(mail?.text).toContain('remise à Mondial Relay');
    expect(mail?.text).toContain('https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=6A12345678901&codePostal=75001');
    expect(mail?.text).toContain('scannez le QR code d’un bracelet');
    mailer.close();
  });
});

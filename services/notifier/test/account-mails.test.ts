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

const mailsTo = (to: string) => readCapturedMail(catcher.dir, to);

const parent = (email: string) => ({ id: globalThis.crypto.randomUUID(), email, firstName: 'Camille' });

describe('account e-mails', () => {
  it('sends the reset link through real SMTP, once per event even when the event comes twice', async () => {
    const mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
    const handlers = createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' });
    const event = createEvent('password.reset_requested', {
      parent: parent('reset@example.com'),
      resetUrl: 'http://shop.test/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await runHandler(db, handlers, event, log);
    }
    const mails = mailsTo('reset@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mails[0]?.text).toContain('http://shop.test/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    mailer.close();
  });

  it('lets a failed send be retried, and then sends it once', async () => {
    const broken = createMailer(`smtp://127.0.0.1:${await freePort()}`, 'x@example.com');
    const working = createMailer(catcher.url, 'x@example.com');
    const event = createEvent('parent.registered', { parent: parent('welcome@example.com') });
    await expect(
      runHandler(db, createNotifierEventHandlers({ mailer: broken, sms, publicUrl: 'http://shop.test' }), event, log),
    ).rejects.toThrow();
    const failed = await db.query('SELECT status FROM outbound_messages WHERE event_id = $1', [event.eventId]);
    expect(failed.rows).toEqual([{ status: 'failed' }]);
    await runHandler(db, createNotifierEventHandlers({ mailer: working, sms, publicUrl: 'http://shop.test' }), event, log);
    expect(mailsTo('welcome@example.com')).toHaveLength(1);
    const sent = await db.query('SELECT status FROM outbound_messages WHERE event_id = $1', [event.eventId]);
    expect(sent.rows).toEqual([{ status: 'sent' }]);
    broken.close();
    working.close();
  });

  it('does not send a reset link that expired while waiting', async () => {
    const mailer = createMailer(catcher.url, 'x@example.com');
    const event = createEvent('password.reset_requested', {
      parent: parent('late@example.com'),
      resetUrl: 'http://shop.test/reset-password?token=late',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await runHandler(db, createNotifierEventHandlers({ mailer, sms, publicUrl: 'http://shop.test' }), event, log);
    expect(mailsTo('late@example.com')).toHaveLength(0);
    mailer.close();
  });
});

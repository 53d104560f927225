import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, type EventOf } from '@bracelet/contracts';
import { freePort, startMailCatcher } from '@bracelet/devstack';
import { createLogger, createPool } from '@bracelet/service-kit';
import { readCapturedMail, runHandler } from '@bracelet/service-kit/testing';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createNotifierEventHandlers } from '../src/events/handlers.js';
import { createMailer, type Mailer } from '../src/mail/mailer.js';
import { MessageInFlightError } from '../src/mail/send-once.js';
import { createLogSmsProvider } from '../src/sms/log-provider.js';
import { createTwilioSmsProvider } from '../src/sms/twilio-provider.js';

const db = createPool(inject('integration').serviceUrls.notifier, 'notifier', 4);
const log = createLogger('t', 'silent');
const smsDir = mkdtempSync(join(tmpdir(), 'notifier-sms-'));
const sms = createLogSmsProvider(smsDir);
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

const handlersWith = (transport: Mailer = mailer) => createNotifierEventHandlers({ mailer: transport, sms, publicUrl: 'http://shop.test' });
const mailsTo = (to: string) => readCapturedMail(catcher.dir, to);
const smsTo = (to: string) =>
  readdirSync(smsDir)
    .map((name) => JSON.parse(readFileSync(join(smsDir, name), 'utf8')) as { to: string; text: string })
    .filter((message) => message.to === to);

let sequence = 0;
function scanned(braceletId: string, email: string, phone: string, at: Date): EventOf<'bracelet.scanned'> {
  sequence += 1;
  const event = createEvent('bracelet.scanned', {
    scanId: globalThis.crypto.randomUUID(),
    braceletId,
    childFirstName: 'Léa',
    parent: { id: globalThis.crypto.randomUUID(), email, firstName: 'Camille' },
    emergencyContactPhone: phone,
  });
  return { ...event, occurredAt: at.toISOString() };
}

async function deliver<N extends 'bracelet.scanned' | 'location.shared'>(event: EventOf<N>, handlers = handlersWith(), pool = db) {
  await runHandler(pool, handlers, event, log);
}

describe('scan alerts', () => {
  it("alerts the parent by e-mail and the contact by SMS for a window's first scan", async () => {
    const email = `alerte-${sequence}@example.com`;
    await deliver(scanned('0000000000000000akr1', email, '+33611111111', new Date()));
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Le bracelet de Léa vient d'être scanné");
    expect(mails[0]?.text).toContain('Bonjour Camille,');
    expect(mails[0]?.text).toContain('http://shop.test/account?tab=bracelets');
    expect(smsTo('+33611111111')).toHaveLength(1);
    expect(smsTo('+33611111111')[0]?.text).toContain("Le bracelet de Léa vient d'être scanné");
  });

  it('sends nothing twice for one event delivered twice, while a worker that died mid-send holds its claim', async () => {
    const email = `double-${sequence}@example.com`;
    const event = scanned('0000000000000000akr2', email, '+33622222222', new Date());
    // A worker that hands the mail to SMTP and then dies before finishing the job: its database
    // connections drop (its transaction rolls back), its job will be delivered again.
    const dyingPool = new pg.Pool({
      connectionString: inject('integration').serviceUrls.notifier,
      options: '-c search_path=notifier',
      application_name: 'dying-worker',
      max: 3,
    });
    dyingPool.on('error', () => undefined);
    const dying: Mailer = { send: (mail) => mailer.send(mail).then(() => new Promise<void>(() => {})), close: () => {} };
    void deliver(event, handlersWith(dying), dyingPool).catch(() => undefined);
    await expectEventually(() => mailsTo(email).length === 1);
    await db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dying-worker'");
    // The job is delivered again (another worker, after Redis or the worker restarted) within the
    // claim's lease: the first sender might still be alive, so nothing is sent and the job is
    // retried later, not counted done (send-once.test.ts: the claim is taken over after the lease).
    await expect(deliver(event)).rejects.toBeInstanceOf(MessageInFlightError);
    await expect(deliver(event)).rejects.toBeInstanceOf(MessageInFlightError);
    expect(mailsTo(email)).toHaveLength(1);
    expect(smsTo('+33622222222')).toHaveLength(1);
  });
});

describe('window summaries', () => {
  it('tells the parent how many scans a closed window held, once', async () => {
    const email = `resume-${sequence}@example.com`;
    const event = createEvent('bracelet.scans_grouped', {
      braceletId: '0000000000000000s0m1',
      childFirstName: 'Léa',
      parent: { id: globalThis.crypto.randomUUID(), email, firstName: 'Camille' },
      firstScanAt: '2026-11-22T09:30:00.000Z',
      scanCount: 11,
    });
    await runHandler(db, handlersWith(), event, log);
    await runHandler(db, handlersWith(), event, log);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Le bracelet de Léa a été scanné 11 fois');
    expect(mails[0]?.text).toContain('à partir de 10:30');
    expect(mails[0]?.text).toContain('/account?tab=bracelets');
  });
});

describe('shared positions', () => {
  it('sends the contact and the parent an OpenStreetMap link to the position', async () => {
    const email = `position-${sequence}@example.com`;
    const event = createEvent('location.shared', {
      shareId: globalThis.crypto.randomUUID(),
      braceletId: '0000000000000000p0s1',
      childFirstName: 'Léa',
      parent: { id: globalThis.crypto.randomUUID(), email, firstName: 'Camille' },
      emergencyContactPhone: '+33633333333',
      lat: 48.858844,
      lon: 2.294351,
    });
    await deliver(event);
    const link = 'https://www.openstreetmap.org/?mlat=48.858844&mlon=2.294351#map=17/48.858844/2.294351';
    expect(mailsTo(email)[0]?.text).toContain(link);
    expect(smsTo('+33633333333')[0]?.text).toContain(link);
  });
});

describe('Twilio SMS provider', () => {
  it("speaks Twilio's Messages API and reports a refusal", async () => {
    const fake = Fastify();
    const received: Array<{ url: string; authorization: string | undefined; body: Record<string, string> }> = [];
    fake.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    fake.post('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
      const body = request.body as Record<string, string>;
      received.push({ url: request.url, authorization: request.headers.authorization, body });
      if (body.To === '+33600000000') return reply.code(400).send({ code: 21211, message: "The 'To' number is not a valid phone number." });
      return reply.code(201).send({ sid: 'SM123', status: 'queued' });
    });
    const address = await fake.listen({ port: 0, host: '127.0.0.1' });
    try {
      const provider = createTwilioSmsProvider({ accountSid: 'AC123', authToken: 'secret-token', from: '+33700000001', baseUrl: address });
      await provider.send('+33612345678', 'Bonjour');
      expect(received[0]).toEqual({
        url: '/2010-04-01/Accounts/AC123/Messages.json',
        authorization: `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
        body: { To: '+33612345678', From: '+33700000001', Body: 'Bonjour' },
      });
      await expect(provider.send('+33600000000', 'x')).rejects.toThrow(/Twilio refused the SMS \(400\)/);
    } finally {
      await fake.close();
    }
  });
});

async function expectEventually(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

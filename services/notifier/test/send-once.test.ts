import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startMailCatcher } from '@bracelet/devstack';
import { createLogger, createPool, metrics } from '@bracelet/service-kit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOutboundMessageRepository } from '../src/db/outbound-messages.repository.js';
import { createMailer, type Mailer } from '../src/mail/mailer.js';
import { createOutbound, MessageInFlightError, messageIdOf } from '../src/mail/send-once.js';
import { createLogSmsProvider } from '../src/sms/log-provider.js';

const db = createPool(inject('integration').serviceUrls.notifier, 'notifier', 4);
const log = createLogger('t', 'silent');
const context = { db, log };
const sms = createLogSmsProvider(mkdtempSync(join(tmpdir(), 'send-once-sms-')));
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let mailer: Mailer;
beforeAll(async () => {
  catcher = await startMailCatcher({ dir: mkdtempSync(join(tmpdir(), 'send-once-mail-')), port: await freePort() });
  mailer = createMailer(catcher.url, 'Bracelets QR <ne-pas-repondre@bracelet-qr.fr>');
});
afterAll(async () => {
  mailer.close();
  await catcher.stop();
  await db.end();
});

const mailsTo = (to: string) =>
  readdirSync(catcher.dir)
    .map((name) => readFileSync(join(catcher.dir, name), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    .filter((raw) => raw.includes(`To: ${to}`));
const message = (to: string) => ({ to, subject: 'Alerte', text: 'Bonjour', html: '<p>Bonjour</p>' });

async function undeliveredCount(): Promise<number> {
  const counter = (await metrics.getSingleMetric('notifier_messages_total')?.get())?.values ?? [];
  return counter
    .filter((value) => value.labels.outcome === 'undelivered' && value.labels.template === 'scan-alert')
    .reduce((sum, value) => sum + value.value, 0);
}

describe('sending a message once when a worker dies mid-send', () => {
  it('takes over the claim of a sender that died once its lease has passed, and never before', async () => {
    const outbound = createOutbound({ mailer, sms, claimLeaseSeconds: 30 });
    const eventId = globalThis.crypto.randomUUID();
    const to = `lease-${eventId.slice(0, 8)}@example.com`;
    // What a SIGKILLed worker leaves behind: claimed, never sent, never marked failed.
    await db.query(
      `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status, claimed_at)
       VALUES ($1, $2, 'email', $3, 'scan-alert', 'pending', now() - interval '10 seconds')`,
      [globalThis.crypto.randomUUID(), eventId, to],
    );
    // Within the lease the sender may still be alive: the job is retried later, never dropped as done.
    await expect(outbound.mail(context, { eventId, template: 'scan-alert', mail: message(to) })).rejects.toBeInstanceOf(
      MessageInFlightError,
    );
    expect(mailsTo(to)).toHaveLength(0);

    await db.query("UPDATE outbound_messages SET claimed_at = now() - interval '31 seconds' WHERE event_id = $1", [eventId]);
    expect(await outbound.mail(context, { eventId, template: 'scan-alert', mail: message(to) })).toBe(true);
    expect(await outbound.mail(context, { eventId, template: 'scan-alert', mail: message(to) })).toBe(false);
    const mails = mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Message-ID: ${messageIdOf(eventId, 'scan-alert', to)}`);
    const { rows } = await db.query<{ status: string }>('SELECT status FROM outbound_messages WHERE event_id = $1', [eventId]);
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('keeps a message refused on its last try as undelivered, with its tries and the refusal, and counts it', async () => {
    const refusing: Mailer = { send: async () => Promise.reject(new Error('451 4.3.0 Mailbox\ntemporarily unavailable')), close: () => {} };
    const outbound = createOutbound({ mailer: refusing, sms });
    const eventId = globalThis.crypto.randomUUID();
    const to = `refused-${eventId.slice(0, 8)}@example.com`;
    const undeliveredBefore = await undeliveredCount();
    // A try with more to come: the job is retried.
    await expect(outbound.mail(context, { eventId, template: 'scan-alert', mail: message(to) })).rejects.toThrow('451');
    const stateOf = async () =>
      (
        await db.query<{ status: string; attempts: number; last_error: string; given_up_at: Date | null }>(
          'SELECT status, attempts, last_error, given_up_at FROM outbound_messages WHERE event_id = $1',
          [eventId],
        )
      ).rows[0];
    expect(await stateOf()).toMatchObject({ status: 'failed', attempts: 1, given_up_at: null });
    // The last try: nothing thrown (the job ends), the message stays visible.
    expect(await outbound.mail({ ...context, lastAttempt: true }, { eventId, template: 'scan-alert', mail: message(to) })).toBe(false);
    const state = await stateOf();
    expect(state).toMatchObject({ status: 'undelivered', attempts: 2, last_error: '451 4.3.0 Mailbox temporarily unavailable' });
    expect(state?.given_up_at).toBeInstanceOf(Date);
    expect(await undeliveredCount()).toBe(undeliveredBefore + 1);
    // Never tried again by a later delivery of the same event.
    expect(await createOutbound({ mailer, sms }).mail(context, { eventId, template: 'scan-alert', mail: message(to) })).toBe(false);
    expect(mailsTo(to)).toHaveLength(0);
  });

  it('keeps the claim of a send that overran its deadline until the lease has passed: no second copy meanwhile', async () => {
    let sends = 0;
    const slow: Mailer = {
      send: () => {
        sends += 1;
        return new Promise<void>(() => {});
      },
      close: () => {},
    };
    const outbound = createOutbound({ mailer: slow, sms, sendDeadlineMs: 200 });
    const eventId = globalThis.crypto.randomUUID();
    const to = `lent-${eventId.slice(0, 8)}@example.com`;
    await expect(outbound.mail(context, { eventId, template: 'scan-alert', mail: message(to) })).rejects.toThrow(
      'did not finish within 200 ms',
    );
    const { rows } = await db.query<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM outbound_messages WHERE event_id = $1',
      [eventId],
    );
    expect(rows[0]?.status).toBe('pending');
    expect(rows[0]?.last_error).toContain('200 ms');
    // The job's retry comes back soon: the first send may still go through, so nothing is sent again.
    await expect(outbound.mail(context, { eventId, template: 'scan-alert', mail: message(to) })).rejects.toBeInstanceOf(
      MessageInFlightError,
    );
    expect(sends).toBe(1);
  });

  it('lets only the current claim record how a send ended: a worker paused past its lease cannot overwrite the taker', async () => {
    const messages = createOutboundMessageRepository(db);
    const eventId = globalThis.crypto.randomUUID();
    const message = { eventId, channel: 'email' as const, recipient: `pause-${eventId.slice(0, 8)}@example.com`, template: 'scan-alert' };
    const paused = await messages.claim(message, 30);
    expect(paused.kind).toBe('claimed');
    await db.query("UPDATE outbound_messages SET claimed_at = now() - interval '31 seconds' WHERE event_id = $1", [eventId]);
    const taker = await messages.claim(message, 30);
    expect(taker.kind).toBe('claimed');
    if (paused.kind !== 'claimed' || taker.kind !== 'claimed') return;
    await messages.markSent(message, taker.token);
    // The paused worker wakes up with its transport's error: the message stays sent (no resend on replay).
    await messages.markFailed(message, paused.token, 'connection reset');
    await messages.markUndelivered(message, paused.token, 'connection reset');
    const { rows } = await db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM outbound_messages WHERE event_id = $1',
      [eventId],
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 2 }]);
    expect((await messages.claim(message, 30)).kind).toBe('settled');
  });

  it('gives every copy of one message the same Message-ID, and each message its own', () => {
    const eventId = globalThis.crypto.randomUUID();
    expect(messageIdOf(eventId, 'scan-alert', 'A@example.com')).toBe(messageIdOf(eventId, 'scan-alert', 'a@example.com'));
    expect(messageIdOf(eventId, 'scan-alert', 'a@example.com')).not.toBe(messageIdOf(eventId, 'scan-alert', 'b@example.com'));
    expect(messageIdOf(eventId, 'scan-alert', 'a@example.com')).not.toBe(messageIdOf(eventId, 'scan-summary', 'a@example.com'));
  });
});

import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest } from '@bracelet/service-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

const { serviceUrls, redisUrl } = inject('integration');
const secret = 'notifier-test-identity-secret-000000';
const notifier = await buildServiceForTest({
  name: 'notifier',
  configSchema,
  buildApp,
  env: {
    DATABASE_URL: serviceUrls.notifier,
    DATABASE_SCHEMA: 'notifier',
    REDIS_URL: redisUrl,
    IDENTITY_SECRET: secret,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SMS_LOG_DIR: '/tmp/notifier-undelivered-sms',
  },
});
afterAll(() => notifier.close());

const as = (role: 'staff' | 'parent') => ({ 'x-identity': encodeIdentity({ accountId: globalThis.crypto.randomUUID(), role }, secret) });

describe("the back office's undelivered messages", () => {
  it('lists the messages given up on, newest first, with their tries and refusal, and how many are still retried', async () => {
    const eventId = globalThis.crypto.randomUUID();
    const recipient = `perdu-${eventId.slice(0, 8)}@example.com`;
    await notifier.db.query(
      `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status, attempts, last_error, given_up_at)
       VALUES ($1, $2, 'email', $3, 'scan-alert', 'undelivered', 12, '550 5.1.1 no such user', now())`,
      [globalThis.crypto.randomUUID(), eventId, recipient],
    );
    // And a claim nobody sent nor released for 11 minutes (a notifier wedged mid-send).
    await notifier.db.query(
      `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status, claimed_at)
       VALUES ($1, $2, 'sms', '+33600000000', 'scan-alert', 'pending', now() - interval '11 minutes')`,
      [globalThis.crypto.randomUUID(), globalThis.crypto.randomUUID()],
    );
    const answer = await notifier.app.inject({ url: '/undelivered_messages', headers: as('staff') });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { total: number; retrying: number; stuck: number; undelivered: Array<Record<string, unknown>> };
    expect(body.retrying).toBeGreaterThanOrEqual(0);
    expect(body.stuck).toBeGreaterThanOrEqual(1);
    expect(body.total).toBeGreaterThanOrEqual(body.undelivered.length);
    expect(body.undelivered[0]).toMatchObject({
      channel: 'email',
      template: 'scan-alert',
      recipient,
      attempts: 12,
      last_error: '550 5.1.1 no such user',
    });
  });

  it('is for staff only: 401 anonymous, 403 a parent, before anything is read', async () => {
    const anonymous = await notifier.app.inject({ url: '/undelivered_messages' });
    expect(anonymous.statusCode).toBe(401);
    const parent = await notifier.app.inject({ url: '/undelivered_messages', headers: as('parent') });
    expect(parent.statusCode).toBe(403);
    expect(JSON.stringify(parent.json())).not.toContain('@example.com');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * What reached the outside world, counted where it landed: e-mails in the catcher's folder by
 * Message-ID (one per event, template and recipient, the same on every copy: ADR 015), SMS in the
 * development provider's folder by number, and each message's row in notifier.outbound_messages.
 */
export class Outside {
  private readonly mailSeen = new Set<string>();
  /** `${eventId}.${template}` → Message-IDs seen and files carrying them. */
  private readonly mails = new Map<string, { ids: Set<string>; files: number }>();
  private readonly smsSeen = new Set<string>();
  private readonly sms = new Map<string, number>();

  constructor(
    private readonly mailDir: string,
    private readonly smsDir: string,
  ) {}

  refresh(): void {
    for (const name of safeList(this.mailDir)) {
      if (!name.endsWith('.eml') || this.mailSeen.has(name)) continue;
      this.mailSeen.add(name);
      const head = readFileSync(join(this.mailDir, name), 'utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
      const messageId = /^Message-ID:\s*(\S+)/im.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? `none:${name}`;
      const key = /^<([0-9a-f-]{36})\.([a-z-]+)\./.exec(messageId);
      const slot = key ? `${key[1]}.${key[2]}` : messageId;
      const entry = this.mails.get(slot) ?? { ids: new Set<string>(), files: 0 };
      entry.ids.add(messageId);
      entry.files += 1;
      this.mails.set(slot, entry);
    }
    for (const name of safeList(this.smsDir)) {
      if (this.smsSeen.has(name)) continue;
      try {
        const { to } = JSON.parse(readFileSync(join(this.smsDir, name), 'utf8')) as { to: string };
        this.smsSeen.add(name);
        this.sms.set(to, (this.sms.get(to) ?? 0) + 1);
      } catch {
        // being written: read on the next refresh
      }
    }
  }

  mail(eventId: string, template: string): { messageIds: number; files: number } {
    const entry = this.mails.get(`${eventId}.${template}`);
    return { messageIds: entry?.ids.size ?? 0, files: entry?.files ?? 0 };
  }

  smsTo(phone: string): number {
    return this.sms.get(phone) ?? 0;
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export type AlertCount = {
  /** Bracelets of the case whose lookup opened an alert window (scan's `bracelet.scanned`, the ground truth). */
  expected: number;
  /** …whose alert arrived exactly once: one e-mail Message-ID and one SMS, each one `sent` row. */
  deliveredOnce: number;
  /** Bracelets a finder was told "family alerted" (200 without x-family-alerted: 0) that have no alert event. */
  toldButNoAlert: string[];
  /** Bracelets with more than one alert event in the case (one window each: must be none). */
  twoAlerts: string[];
  /** Alerts with no e-mail or no SMS (yet). */
  missing: string[];
  /** Alerts sent more than once (another Message-ID, a second SMS, a second sent row). */
  duplicated: string[];
  /** Extra files with an e-mail's own Message-ID (a copy from a crash between hand-over and mark, ADR 015). */
  sameIdCopies: number;
};

export async function countAlerts(admin: pg.Pool, outside: Outside, bracelets: string[], toldAlerted: Set<string>): Promise<AlertCount> {
  outside.refresh();
  const { rows: events } = await admin.query<{ event_id: string; bracelet: string }>(
    `SELECT event_id, payload->>'braceletId' AS bracelet FROM scan.outbox WHERE name = 'bracelet.scanned' AND payload->>'braceletId' = ANY($1)`,
    [bracelets],
  );
  const { rows: messages } = await admin.query<{ event_id: string; channel: string; recipient: string; status: string }>(
    `SELECT event_id, channel, recipient, status FROM notifier.outbound_messages WHERE template = 'scan-alert' AND event_id = ANY($1)`,
    [events.map((event) => event.event_id)],
  );
  const perBracelet = new Map<string, number>();
  for (const event of events) perBracelet.set(event.bracelet, (perBracelet.get(event.bracelet) ?? 0) + 1);
  const count: AlertCount = {
    expected: perBracelet.size,
    deliveredOnce: 0,
    toldButNoAlert: [...toldAlerted].filter((bracelet) => !perBracelet.has(bracelet)),
    twoAlerts: [...perBracelet].filter(([, alerts]) => alerts > 1).map(([bracelet]) => bracelet),
    missing: [],
    duplicated: [],
    sameIdCopies: 0,
  };
  for (const event of events) {
    const rows = messages.filter((row) => row.event_id === event.event_id);
    const email = rows.filter((row) => row.channel === 'email');
    const sms = rows.filter((row) => row.channel === 'sms');
    const mail = outside.mail(event.event_id, 'scan-alert');
    const texts = sms.length === 1 ? outside.smsTo((sms[0] as { recipient: string }).recipient) : sms.length;
    count.sameIdCopies += Math.max(0, mail.files - mail.messageIds);
    const sent = (channel: typeof rows) => channel.length === 1 && channel[0]?.status === 'sent';
    if (mail.messageIds > 1 || texts > 1 || email.length > 1 || sms.length > 1) count.duplicated.push(event.bracelet);
    else if (mail.messageIds === 1 && texts === 1 && sent(email) && sent(sms)) count.deliveredOnce += 1;
    else count.missing.push(event.bracelet);
  }
  return count;
}

export type MessageCount = { expected: number; deliveredOnce: number; missing: number; duplicated: number };

/**
 * The welcome e-mail of each account created and the confirmation of each order paid (found by
 * the addresses the load used in family's and checkout's outboxes): each sent once.
 */
export async function countMessages(
  admin: pg.Pool,
  outside: Outside,
  { signupEmails, buyerEmails }: { signupEmails: string[]; buyerEmails: string[] },
): Promise<{ welcome: MessageCount; confirmation: MessageCount }> {
  outside.refresh();
  const count = async (sql: string, emails: string[], template: string): Promise<MessageCount> => {
    const { rows: events } = await admin.query<{ event_id: string }>(sql, [emails]);
    const { rows: messages } = await admin.query<{ event_id: string; status: string }>(
      'SELECT event_id, status FROM notifier.outbound_messages WHERE template = $1 AND event_id = ANY($2)',
      [template, events.map((event) => event.event_id)],
    );
    const result: MessageCount = { expected: events.length, deliveredOnce: 0, missing: 0, duplicated: 0 };
    for (const event of events) {
      const rows = messages.filter((row) => row.event_id === event.event_id);
      const mail = outside.mail(event.event_id, template);
      if (mail.messageIds > 1 || rows.length > 1) result.duplicated += 1;
      else if (mail.messageIds === 1 && rows[0]?.status === 'sent') result.deliveredOnce += 1;
      else result.missing += 1;
    }
    return result;
  };
  return {
    welcome: await count(
      `SELECT event_id FROM family.outbox WHERE name = 'parent.registered' AND payload->'parent'->>'email' = ANY($1)`,
      signupEmails,
      'welcome',
    ),
    confirmation: await count(
      `SELECT event_id FROM checkout.outbox WHERE name = 'payment.succeeded' AND payload->'customer'->>'email' = ANY($1)`,
      buyerEmails,
      'order-confirmation',
    ),
  };
}

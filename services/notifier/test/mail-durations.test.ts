import { createEvent } from '@bracelet/contracts';
import { describe, expect, it } from 'vitest';
import { passwordResetMail } from '../src/templates/account-mails.js';
import { durationInFrench } from '../src/templates/durations.js';
import { scanAlertMail } from '../src/templates/finder-messages.js';

const parent = { id: globalThis.crypto.randomUUID(), email: 'parent@example.com', firstName: 'Camille' };

describe('the durations a mail states are the configured ones', () => {
  it('says how long the reset link is valid, from the event', () => {
    const in30Minutes = new Date(Date.now() + 30 * 60_000).toISOString();
    const mail = passwordResetMail(
      createEvent('password.reset_requested', { parent, resetUrl: 'http://x/reset-password?token=t', expiresAt: in30Minutes }),
    );
    expect(mail.text).toContain('Ce lien est valable 30 minutes');
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    expect(
      passwordResetMail(createEvent('password.reset_requested', { parent, resetUrl: 'http://x/r', expiresAt: inAnHour })).text,
    ).toContain('valable une heure');
  });

  it('says how long later scans are grouped, from the event', () => {
    const scan = {
      scanId: globalThis.crypto.randomUUID(),
      braceletId: '7aqshdca64rbbk2zvqaa',
      childFirstName: 'Léa',
      parent,
      emergencyContactPhone: '+33612345678',
    };
    expect(scanAlertMail(createEvent('bracelet.scanned', { ...scan, alertWindowSeconds: 120 }), 'http://x').text).toContain(
      "D'autres scans dans les 2 minutes",
    );
    expect(scanAlertMail(createEvent('bracelet.scanned', scan), 'http://x').text).toContain("D'autres scans dans les minutes qui suivent");
  });

  it('writes durations as a person would', () => {
    expect([3600, 7200, 300, 60, 90].map(durationInFrench)).toEqual(['une heure', '2 heures', '5 minutes', 'une minute', '90 secondes']);
  });
});

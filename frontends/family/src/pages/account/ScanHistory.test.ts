import type { SharedPosition } from '@bracelet/contracts/http';
import { describe, expect, it } from 'vitest';
import { deliveryText, limitsSentence, timelineOf } from './ScanHistory';

const position = (shared_at: string, delivery: SharedPosition['delivery'] = 'alert', lat = 48.85): SharedPosition => ({
  lat,
  lon: 2.35,
  shared_at,
  map_url: `https://www.openstreetmap.org/?mlat=${lat}`,
  delivery,
});

describe('the scan history page', () => {
  it("states the server's caps on messages in French", () => {
    expect(limitsSentence({ share_window_seconds: 300, location_alerts_per_day: 6, position_retention_days: 30 })).toBe(
      'Les positions partagées vous sont envoyées (par e-mail, et par SMS à votre contact de confiance) au plus une fois toutes les 5 minutes ' +
        '(les suivantes sont regroupées dans un e-mail) et au plus 6 fois par jour ; toutes restent visibles ici pendant 30 jours.',
    );
    expect(limitsSentence({ share_window_seconds: 90, location_alerts_per_day: 1, position_retention_days: 1 })).toContain(
      'au plus une fois toutes les 90 secondes (les suivantes sont regroupées dans un e-mail) et au plus une fois par jour ; toutes restent visibles ici pendant 1 jour.',
    );
    expect(limitsSentence({ share_window_seconds: 60, location_alerts_per_day: 3, position_retention_days: 30 })).toContain(
      'une fois par minute',
    );
  });

  it('shows every position on one timeline with the scans, newest first, a run of scans as one line', () => {
    const days = timelineOf({
      scans: [
        { scanned_at: '2026-03-12T10:09:00Z' },
        { scanned_at: '2026-03-12T10:07:00Z' },
        { scanned_at: '2026-03-12T10:05:00Z' },
        { scanned_at: '2026-03-12T10:00:00Z' },
        { scanned_at: '2026-03-10T08:00:00Z' },
      ],
      positions: [
        position('2026-03-12T10:08:00Z', 'follow_up', 1),
        position('2026-03-12T10:06:00Z', 'pending', 2),
        position('2026-03-12T10:05:00Z', 'alert', 3),
      ],
    });
    expect(days).toHaveLength(2);
    expect(days[0]?.entries.map((entry) => (entry.kind === 'scans' ? `scans×${entry.count}` : `position ${entry.position.lat}`))).toEqual([
      'scans×1',
      'position 1',
      'scans×1',
      'position 2',
      'position 3',
      'scans×2',
    ]);
    const run = days[0]?.entries.at(-1);
    expect(run?.kind === 'scans' && [run.from.toISOString(), run.to.toISOString()]).toEqual([
      '2026-03-12T10:00:00.000Z',
      '2026-03-12T10:05:00.000Z',
    ]);
    expect(days[1]?.entries).toHaveLength(1);
    expect(new Set(days.flatMap((day) => day.entries.map((entry) => entry.key))).size).toBe(7);
    expect(timelineOf({ scans: [], positions: [] })).toEqual([]);
  });

  it('says what the family was told of each position', () => {
    expect(deliveryText('alert')).toBe('envoyée par e-mail et par SMS au contact de confiance');
    expect(deliveryText('account_only')).toContain('plafond quotidien atteint');
  });
});

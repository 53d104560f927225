import { createEvent, type EventOf } from '@bracelet/contracts';
import { type Pool, withTransaction, writeEvents } from '@bracelet/service-kit';
import { admitShare, type Delivery, followUpOf } from '../alerts/share-grouping.js';
import { createFinderActivityRepository } from '../db/finder-activity.repository.js';
import { createScanCardRepository } from '../db/scan-cards.repository.js';
import { createShareWindowRepository } from '../db/share-windows.repository.js';

export type ShareToRecord = {
  braceletId: string;
  childFirstName: string;
  emergencyContactPhone: string;
  lat: number;
  lon: number;
  /** Who shared it (alert-budget.ts senderKey). */
  sender: string;
};

export type ShareOutcome = { kind: 'unknown' } | { kind: 'mismatch' } | { kind: 'stored'; delivery: Delivery };

/**
 * Records finders' positions, capped per bracelet whoever sends them (ADR 009). In one
 * transaction the share locks its bracelet's window, checks the card as it is now (a reset or a
 * new link takes the same lock first, so a position never alerts a family the bracelet has left),
 * stores the position and, if it opens a window under the day's ceiling, writes location.shared.
 */
export function createShareRecorder(
  db: Pool,
  {
    windowSeconds = 300,
    alertsPerDay = 6,
    alertsPerSenderPerDay = 2,
  }: { windowSeconds?: number; alertsPerDay?: number; alertsPerSenderPerDay?: number } = {},
) {
  return {
    async record(share: ShareToRecord, now = new Date()): Promise<ShareOutcome> {
      return withTransaction(db, async (tx) => {
        const windows = createShareWindowRepository(tx);
        const window = await windows.lock(share.braceletId);
        const card = window && (await createScanCardRepository(tx).findByBraceletId(share.braceletId));
        const { child, parent, emergencyContact } = card ?? {};
        if (!card?.configured || !window || !child || !parent || !emergencyContact) return { kind: 'unknown' };
        // The position goes only to this bracelet's own contact.
        if (emergencyContact.phone !== share.emergencyContactPhone || child.firstName !== share.childFirstName) return { kind: 'mismatch' };

        const addressee = { braceletId: card.braceletId, childFirstName: child.firstName, parent };
        const { delivery, next, closesPrevious } = admitShare(window, addressee, share.sender, now, {
          windowMs: windowSeconds * 1000,
          budget: { perDay: alertsPerDay, perSenderPerDay: alertsPerSenderPerDay },
        });
        const events: (EventOf<'location.shared'> | EventOf<'location.shares_grouped'>)[] = [];
        if (closesPrevious) {
          // The previous window closed before the periodic job got to it: its follow-up first.
          const followUp = followUpOf(window, (await windows.takePending([card.braceletId])).get(card.braceletId) ?? []);
          if (followUp) events.push(followUp);
        }
        const shareId = await createFinderActivityRepository(tx).recordLocation({
          braceletId: card.braceletId,
          lat: share.lat,
          lon: share.lon,
          delivery,
        });
        if (delivery === 'alert') {
          events.push(
            createEvent('location.shared', {
              shareId,
              ...addressee,
              emergencyContactPhone: emergencyContact.phone,
              lat: share.lat,
              lon: share.lon,
            }),
          );
        }
        await windows.save([next]);
        await writeEvents(tx, 'scan', events);
        return { kind: 'stored', delivery };
      });
    },
  };
}
export type ShareRecorder = ReturnType<typeof createShareRecorder>;

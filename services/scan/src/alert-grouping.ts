import { createEvent, type EventOf } from '@bracelet/contracts';
import type { AlertWindow, FinderScan } from './db/alert-windows.repository.js';

type ScanEvent = EventOf<'bracelet.scanned'> | EventOf<'bracelet.scans_grouped'>;

/** The summary of a closed window that held several scans. */
export function summaryOf(window: AlertWindow): EventOf<'bracelet.scans_grouped'> | undefined {
  if (window.summarized || window.scanCount < 2 || !window.firstScan) return undefined;
  const { braceletId, childFirstName, parent } = window.firstScan;
  return createEvent('bracelet.scans_grouped', {
    braceletId,
    childFirstName,
    parent,
    firstScanAt: window.openedAt.toISOString(),
    scanCount: window.scanCount,
  });
}

/**
 * Counts scans into their bracelets' windows. A scan outside an open window opens one and is
 * alerted (after summarising the window it replaces, if that one was never summarised); a scan
 * inside one is only counted. Returns the events to write and the windows to save.
 */
export function groupScans(
  windows: Map<string, AlertWindow>,
  scans: readonly FinderScan[],
  now: Date,
  windowMs: number,
): { events: ScanEvent[]; changed: AlertWindow[] } {
  const events: ScanEvent[] = [];
  const changed = new Map<string, AlertWindow>();
  for (const scan of scans) {
    const current = windows.get(scan.braceletId);
    let next: AlertWindow;
    if (current && current.closesAt > now) {
      next = { ...current, scanCount: current.scanCount + 1 };
    } else {
      const unsummarized = current && summaryOf(current);
      if (unsummarized) events.push(unsummarized);
      next = {
        braceletId: scan.braceletId,
        openedAt: now,
        closesAt: new Date(now.getTime() + windowMs),
        scanCount: 1,
        firstScan: scan,
        summarized: false,
      };
      events.push(createEvent('bracelet.scanned', scan));
    }
    windows.set(scan.braceletId, next);
    changed.set(scan.braceletId, next);
  }
  return { events, changed: [...changed.values()] };
}

import { createEvent, type EventOf } from '@bracelet/contracts';
import type { AlertWindow, FinderScan } from '../db/alert-windows.repository.js';
import { type AlertBudget, spendAlert } from './alert-budget.js';

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

/** A scan to group, and who made it (alert-budget.ts senderKey). */
export type SentScan = { scan: FinderScan; sender: string };

/**
 * Counts scans into their bracelets' windows. A scan inside an open window is only counted (its
 * family was alerted when the window opened). A scan outside one opens a window and is alerted
 * (after summarising the window it replaces, if that one was never summarised) — unless the
 * bracelet has spent its alerts of the day, or this sender its share of them: then it opens
 * nothing and is not alerted, and the finder is told to call. Returns the events to write, the
 * windows to save and, per scan in order, whether its family was alerted.
 */
export function groupScans(
  windows: Map<string, AlertWindow>,
  scans: readonly SentScan[],
  now: Date,
  windowMs: number,
  budget: AlertBudget,
): { events: ScanEvent[]; changed: AlertWindow[]; alerted: boolean[] } {
  const events: ScanEvent[] = [];
  const changed = new Map<string, AlertWindow>();
  const alerted: boolean[] = [];
  for (const { scan, sender } of scans) {
    const current = windows.get(scan.braceletId);
    if (current && current.closesAt > now) {
      const next = { ...current, scanCount: current.scanCount + 1 };
      windows.set(scan.braceletId, next);
      changed.set(scan.braceletId, next);
      alerted.push(true);
      continue;
    }
    const spent = spendAlert(current?.recentAlerts ?? [], sender, now, budget);
    if (!spent.allowed) {
      alerted.push(false);
      continue;
    }
    const unsummarized = current && summaryOf(current);
    if (unsummarized) events.push(unsummarized);
    const next: AlertWindow = {
      braceletId: scan.braceletId,
      openedAt: now,
      closesAt: new Date(now.getTime() + windowMs),
      scanCount: 1,
      firstScan: scan,
      summarized: false,
      recentAlerts: spent.recent,
    };
    events.push(createEvent('bracelet.scanned', { ...scan, alertWindowSeconds: Math.round(windowMs / 1000) }));
    windows.set(scan.braceletId, next);
    changed.set(scan.braceletId, next);
    alerted.push(true);
  }
  return { events, changed: [...changed.values()], alerted };
}

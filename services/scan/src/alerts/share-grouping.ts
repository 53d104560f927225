import { createEvent, type EventOf } from '@bracelet/contracts';
import { type AlertBudget, type RecentAlert, spendAlert } from './alert-budget.js';

/** Whom a share window's messages concern: the alerted share's family. */
export type ShareAddressee = Pick<EventOf<'location.shared'>, 'braceletId' | 'childFirstName' | 'parent'>;

/** One bracelet's share window, and its alerts of the last 24 hours (the daily ceiling). */
export type ShareWindow = {
  braceletId: string;
  openedAt: Date;
  closesAt: Date;
  /** Positions shared in the window after the alerted one, not sent yet. */
  pendingCount: number;
  firstShare: ShareAddressee | null;
  recentAlerts: RecentAlert[];
};

/**
 * What the family is told of a position: 'alert' opens a window (location.shared, e-mail + SMS),
 * 'pending' waits for its window's follow-up e-mail, 'follow_up' was sent in one,
 * 'account_only' came past the daily ceiling (or its sender's share of it) and is shown in the
 * parent's account only.
 */
export type Delivery = 'alert' | 'pending' | 'follow_up' | 'account_only';

export type ShareLimits = { windowMs: number; budget: AlertBudget };
export type SharedPosition = { lat: number; lon: number; sharedAt: Date };

/** The follow-up e-mail lists at most this many positions (the event's bound); it counts them all. */
export const FOLLOW_UP_MAX_POSITIONS = 50;

/**
 * Decides what a new position tells the family. Inside an open window it waits for the window's
 * follow-up; otherwise it opens a window and alerts, unless the bracelet has spent its alerts of
 * the last 24 hours, or this sender its share of them (alert-budget.ts) — then it is kept for the
 * account only and opens nothing. `closesPrevious` says the previous window still owes its follow-up (write it first).
 */
export function admitShare(
  window: ShareWindow,
  share: ShareAddressee,
  sender: string,
  now: Date,
  { windowMs, budget }: ShareLimits,
): { delivery: Exclude<Delivery, 'follow_up'>; next: ShareWindow; closesPrevious: boolean } {
  if (window.closesAt > now) {
    return { delivery: 'pending', next: { ...window, pendingCount: window.pendingCount + 1 }, closesPrevious: false };
  }
  const closesPrevious = window.pendingCount > 0;
  const { allowed, recent: recentAlerts } = spendAlert(window.recentAlerts, sender, now, budget);
  if (!allowed) {
    return { delivery: 'account_only', next: { ...window, pendingCount: 0, recentAlerts }, closesPrevious };
  }
  return {
    delivery: 'alert',
    next: {
      braceletId: window.braceletId,
      openedAt: now,
      closesAt: new Date(now.getTime() + windowMs),
      pendingCount: 0,
      firstShare: { braceletId: share.braceletId, childFirstName: share.childFirstName, parent: share.parent },
      recentAlerts,
    },
    closesPrevious,
  };
}

/** The follow-up of a window: its positions not sent yet, the latest 50 listed, all counted. */
export function followUpOf(window: ShareWindow, pending: readonly SharedPosition[]): EventOf<'location.shares_grouped'> | undefined {
  if (!window.firstShare || pending.length === 0) return undefined;
  const { braceletId, childFirstName, parent } = window.firstShare;
  const positions = [...pending]
    .sort((a, b) => a.sharedAt.getTime() - b.sharedAt.getTime())
    .slice(-FOLLOW_UP_MAX_POSITIONS)
    .map(({ lat, lon, sharedAt }) => ({ lat, lon, sharedAt: sharedAt.toISOString() }));
  return createEvent('location.shares_grouped', { braceletId, childFirstName, parent, positions, positionCount: pending.length });
}

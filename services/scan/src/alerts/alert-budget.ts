import { networkOf } from '@bracelet/service-kit';

/** An alert a bracelet sent, and who caused it (a sender key, see senderKey). */
export type RecentAlert = { at: Date; sender: string };

/** How many alerts a bracelet may send in 24 hours, and how many of them one sender may cause. */
export type AlertBudget = { perDay: number; perSenderPerDay: number };

const DAY_MS = 24 * 3600_000;

/**
 * Who caused an alert, as the budget counts them: an IPv4 /24 or an IPv6 /48 (a network an
 * attacker gets addresses in as easily as one). The finder's own phone is one sender.
 */
export const senderKey = (address: string) => networkOf(address, { ipv4: 24, ipv6: 48 });

/**
 * Whether a bracelet may alert its family now for this sender: under the day's ceiling, and under
 * the sender's share of it — so one sender cannot spend the whole day's alerts and silence a real
 * finder afterwards. Returns the last 24 hours' alerts, with this one if it is allowed.
 */
export function spendAlert(
  recent: readonly RecentAlert[],
  sender: string,
  now: Date,
  { perDay, perSenderPerDay }: AlertBudget,
): { allowed: boolean; recent: RecentAlert[] } {
  const lastDay = recent.filter((alert) => now.getTime() - alert.at.getTime() < DAY_MS);
  const bySender = lastDay.filter((alert) => alert.sender === sender).length;
  if (lastDay.length >= perDay || bySender >= perSenderPerDay) return { allowed: false, recent: lastDay };
  return { allowed: true, recent: [...lastDay, { at: now, sender }] };
}

/** The alerts as stored (jsonb), and back. */
export const storedAlerts = (alerts: readonly RecentAlert[]) =>
  JSON.stringify(alerts.map(({ at, sender }) => ({ at: at.toISOString(), sender })));
export const loadAlerts = (stored: unknown): RecentAlert[] =>
  Array.isArray(stored)
    ? stored.flatMap((alert: { at?: string; sender?: string }) =>
        alert?.at ? [{ at: new Date(alert.at), sender: alert.sender ?? '' }] : [],
      )
    : [];

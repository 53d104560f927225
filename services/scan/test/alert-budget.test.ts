import { describe, expect, it } from 'vitest';
import { senderKey, spendAlert } from '../src/alerts/alert-budget.js';

describe('alert budget', () => {
  it('counts a sender by its IPv4 /24 or IPv6 /48', () => {
    expect(senderKey('203.0.113.77')).toBe('203.0.113.0/24');
    expect(senderKey('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(senderKey('2001:db8::1')).toBe('2001:db8:0::/48');
  });

  it("allows the day's alerts, each sender only its share, over a rolling 24 hours", () => {
    const budget = { perDay: 3, perSenderPerDay: 2 };
    const now = new Date('2026-11-22T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const recent = [
      { at: hoursAgo(25), sender: 'a' },
      { at: hoursAgo(3), sender: 'a' },
      { at: hoursAgo(2), sender: 'a' },
    ];
    expect(spendAlert(recent, 'a', now, budget).allowed).toBe(false);
    const other = spendAlert(recent, 'b', now, budget);
    expect(other.allowed).toBe(true);
    expect(other.recent.map((alert) => alert.sender)).toEqual(['a', 'a', 'b']);
    expect(spendAlert(other.recent, 'c', now, budget).allowed).toBe(false);
  });
});

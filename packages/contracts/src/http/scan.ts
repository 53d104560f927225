import { z } from 'zod';
import { braceletIdSchema } from '../bracelet-id.js';

/** GET /get_child_by_bracelet/{id}: the finder's view of a bracelet (spec §7). */
export const scanCardResponseSchema = z.object({
  bracelet: z.object({ id: braceletIdSchema, configured: z.enum(['0', '1']) }),
  child: z
    .object({
      first_name: z.string(),
      surname: z.string().nullable(),
      birth_date: z.string().nullable(),
      photo: z.string().nullable(),
    })
    .nullable(),
  emergency_contact: z
    .object({
      first_name: z.string(),
      surname: z.string(),
      phone: z.string(),
      relationship: z.string(),
      photo: z.string().nullable(),
    })
    .nullable(),
});
export type ScanCardResponse = z.infer<typeof scanCardResponseSchema>;

/** POST /share_location: `contact_notified` is false when the position was kept for the account but nobody could be told now. */
export const shareLocationResponseSchema = z.object({ message: z.string(), contact_notified: z.boolean() });
export type ShareLocationResponse = z.infer<typeof shareLocationResponseSchema>;

/** What the family was told of a shared position (ADR 009). */
export const positionDeliveries = ['alert', 'pending', 'follow_up', 'account_only'] as const;
export type PositionDelivery = (typeof positionDeliveries)[number];

/** GET /get_scan_history/{id}: every scan and every position, newest first, and the caps on messages. */
export const scanHistoryResponseSchema = z.object({
  scans: z.array(z.object({ scanned_at: z.string() })),
  scan_count: z.number().int(),
  /** Every position shared (kept `position_retention_days`), with what the family was told of it. */
  positions: z.array(
    z.object({
      lat: z.number(),
      lon: z.number(),
      shared_at: z.string(),
      map_url: z.url(),
      delivery: z.enum(positionDeliveries),
    }),
  ),
  position_count: z.number().int(),
  /** The caps on messages about positions (ADR 009), as configured, for the parent to read. */
  limits: z.object({
    share_window_seconds: z.number().int(),
    location_alerts_per_day: z.number().int(),
    position_retention_days: z.number().int(),
  }),
});
export type ScanHistoryResponse = z.infer<typeof scanHistoryResponseSchema>;
export type SharedPosition = ScanHistoryResponse['positions'][number];
export type MessageLimits = ScanHistoryResponse['limits'];

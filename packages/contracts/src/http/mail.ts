import { z } from 'zod';

/** GET /backoffice-api/mail: the development mail catcher's inbox, newest first (staff only). */
export const devMailSummarySchema = z.object({ id: z.string(), subject: z.string(), to: z.string(), date: z.string() });
export type DevMailSummary = z.infer<typeof devMailSummarySchema>;

/** GET /backoffice-api/mail/{id}: one caught message. */
export const devMailSchema = devMailSummarySchema.extend({ from: z.string(), text: z.string() });
export type DevMail = z.infer<typeof devMailSchema>;

/**
 * GET /undelivered_messages (notifier, staff only): the messages given up on after their last try
 * (newest first, with the transport's refusal), how many in all, how many are failing and still
 * being retried, and how many are stuck.
 */
export const undeliveredMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  template: z.string(),
  recipient: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  given_up_at: z.string(),
});
/** `total`: all given up on (the list shows the newest); `stuck`: claims neither sent nor released for 10 minutes. */
export const undeliveredMessagesSchema = z.object({
  undelivered: z.array(undeliveredMessageSchema),
  total: z.number().int(),
  retrying: z.number().int(),
  stuck: z.number().int(),
});
export type UndeliveredMessages = z.infer<typeof undeliveredMessagesSchema>;

import { z } from 'zod';

/** GET /backoffice-api/mail: the development mail catcher's inbox, newest first (staff only). */
export const devMailSummarySchema = z.object({ id: z.string(), subject: z.string(), to: z.string(), date: z.string() });
export type DevMailSummary = z.infer<typeof devMailSummarySchema>;

/** GET /backoffice-api/mail/{id}: one caught message. */
export const devMailSchema = devMailSummarySchema.extend({ from: z.string(), text: z.string() });
export type DevMail = z.infer<typeof devMailSchema>;

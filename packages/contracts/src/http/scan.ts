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

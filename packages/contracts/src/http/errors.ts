import { z } from 'zod';

/** Every error answer has this shape; `message` is French when a person reads it. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

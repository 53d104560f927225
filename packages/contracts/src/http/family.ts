import { z } from 'zod';

/** Relationship options for a child's emergency contact (spec §3). */
export const relationships = ['Mère', 'Père', 'Grand-mère', 'Grand-père', 'Tante', 'Oncle', 'Nounou', 'Voisin(e)', 'Autre'] as const;
export type Relationship = (typeof relationships)[number];

/** The login answer (spec §7), plus the role so the back office knows a staff member. */
export const sessionResponseSchema = z.object({
  parent_id: z.uuid(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  role: z.enum(['parent', 'staff']),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** A French sentence for the person (POST /request_password_reset, POST /reset_password/). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /register_parent/: the same answer whether the address was new or already had an account. */
export const signupResponseSchema = messageResponseSchema;
export type SignupResponse = MessageResponse;

/** The Parent entity (spec §3), as GET /get-parent-by-id answers it. */
export const parentResponseSchema = z.object({
  parent_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});
export type ParentResponse = z.infer<typeof parentResponseSchema>;

export const childSummarySchema = z.object({
  id: z.uuid(),
  custom_id: z.uuid(),
  first_name: z.string(),
  surname: z.string(),
  birth_date: z.string(),
  birthdate: z.string(),
  photo: z.string().nullable(),
  /** What a finder sees on the bracelet's page (the first name is always shown). */
  privacy: z.object({ show_surname: z.boolean(), show_photo: z.boolean(), show_age: z.boolean() }),
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

export const childDetailSchema = childSummarySchema.extend({
  emergency_first_name: z.string(),
  emergency_surname: z.string(),
  emergency_phone: z.string(),
  relationship: z.string(),
  emergency_contact: z.object({ first_name: z.string(), surname: z.string(), phone: z.string(), relation: z.string() }),
});
export type ChildDetail = z.infer<typeof childDetailSchema>;

export const braceletSummarySchema = z.object({
  id: z.string(),
  bracelet_id: z.string(),
  configured: z.enum(['0', '1']),
  child: z.object({ id: z.uuid(), first_name: z.string(), surname: z.string(), photo: z.string().nullable() }).nullable(),
});
export type BraceletSummary = z.infer<typeof braceletSummarySchema>;

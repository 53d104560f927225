import { relationships, todayInFrance } from '@bracelet/contracts';
import { AppError, fieldsOf, invalidText, isCleanText, zodIssues } from '@bracelet/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChildFields } from '../../db/children.repository.js';
import { phone, text } from '../fields.js';

export const childFieldsSchema = z.object({
  first_name: text('Le prénom'),
  surname: text('Le nom'),
  birth_date: z.iso
    .date({ message: 'La date de naissance est obligatoire.' })
    .refine((value) => value <= todayInFrance(), { message: 'La date de naissance ne peut pas être dans le futur.' })
    .refine((value) => value >= '1900-01-01', { message: 'Date de naissance invalide.' }),
  emergency_first_name: text('Le prénom du contact'),
  emergency_surname: text('Le nom du contact'),
  emergency_phone: phone,
  relationship: z.enum(relationships, { message: 'Lien de parenté invalide.' }),
});

export const toChildFields = (fields: z.infer<typeof childFieldsSchema>): ChildFields => ({
  firstName: fields.first_name,
  surname: fields.surname,
  birthDate: fields.birth_date,
  emergencyFirstName: fields.emergency_first_name,
  emergencySurname: fields.emergency_surname,
  emergencyPhone: fields.emergency_phone,
  relationship: fields.relationship,
});

export type ChildForm = { fields: Record<string, string>; photo: Buffer | undefined };

const notMultipart = () => new AppError(400, 'invalid_request', 'Requête invalide.');
const photoTooLarge = () => new AppError(413, 'photo_too_large', 'La photo est trop lourde.', { photo: ['Fichier trop volumineux.'] });

const brokenForm = () => new AppError(400, 'invalid_multipart', 'Formulaire invalide : envoi incomplet ou mal formé.');

/**
 * Reads the multipart form: text fields, and at most one file, `photo`, capped in size. A body that
 * is not a well-formed multipart form (no boundary, another boundary, cut short) is a 400.
 */
export async function readChildForm(request: FastifyRequest, maxPhotoBytes: number): Promise<ChildForm> {
  if (!request.isMultipart()) throw notMultipart();
  try {
    return await readParts(request, maxPhotoBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode, code } = error as { statusCode?: number; code?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    if (statusCode === 413) throw new AppError(413, 'form_too_large', 'Formulaire trop volumineux.');
    // Busboy's parse errors ("Unexpected end of form", "Malformed part header"…) carry no status.
    throw brokenForm();
  }
}

async function readParts(request: FastifyRequest, maxPhotoBytes: number): Promise<ChildForm> {
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxPhotoBytes, files: 1, fields: 20, fieldSize: 10_000 } })) {
    if (!isCleanText(part.fieldname)) throw invalidText();
    if (part.type === 'file') {
      if (part.fieldname !== 'photo') {
        part.file.resume();
        throw new AppError(400, 'invalid_request', 'Requête invalide.', { [part.fieldname]: ['Champ inattendu.'] });
      }
      const content = await part.toBuffer();
      if (part.file.truncated) throw photoTooLarge();
      if (content.length > 0) photo = content;
    } else if (typeof part.value === 'string') {
      if (!isCleanText(part.value)) throw invalidText(part.fieldname);
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, photo };
}

/** Validates the fields with zod; 400 with French field messages otherwise. */
export function parseChildFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw new AppError(400, 'invalid_request', 'Requête invalide.', fieldsOf(zodIssues(result.error.issues), 'formulaire'));
}

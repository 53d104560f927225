import { z } from 'zod';
import { normalisePhone } from '../phone.js';

/** Trimmed, required text of bounded length. */
export const text = (label: string, max = 100) =>
  z
    .string({ message: `${label} est obligatoire.` })
    .trim()
    .min(1, { message: `${label} est obligatoire.` })
    .max(max, { message: `${label} est trop long.` });

/** The one form of an e-mail address everywhere (signup, login, reset, throttles): trimmed, lower case. */
export const normaliseEmail = (address: string) => address.trim().toLowerCase();

/** A new address (signup): checked, then normalised. */
export const email = z
  .string({ message: "L'adresse e-mail est obligatoire." })
  .trim()
  .max(254, { message: 'Adresse e-mail trop longue.' })
  .pipe(z.email({ message: 'Adresse e-mail invalide.' }))
  .transform(normaliseEmail);

/** An address typed to log in or to reset a password: only normalised (an unknown one is just unknown). */
export const typedEmail = z
  .string({ message: "L'adresse e-mail est obligatoire." })
  .max(254, { message: 'Adresse e-mail trop longue.' })
  .transform(normaliseEmail);

/** A valid phone number, stored in international form. */
export const phone = z
  .string({ message: 'Le téléphone est obligatoire.' })
  .trim()
  .max(32)
  .transform((value, context) => {
    const normalised = normalisePhone(value);
    if (!normalised) {
      context.addIssue({ code: 'custom', message: 'Numéro de téléphone invalide.' });
      return z.NEVER;
    }
    return normalised;
  });

export const password = z
  .string({ message: 'Le mot de passe est obligatoire.' })
  .min(8, { message: 'Le mot de passe doit contenir au moins 8 caractères.' })
  .max(200, { message: 'Le mot de passe est trop long.' });

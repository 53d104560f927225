import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number in international form (+33612345678), or undefined if it is not a valid
 * number. National numbers are read as French.
 */
export function normalisePhone(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), 'FR');
  if (!parsed?.isValid()) return undefined;
  return parsed.number;
}

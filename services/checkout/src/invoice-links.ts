import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes: a guest's invoice link cannot be guessed, only received by e-mail. */
export const createInvoiceToken = () => randomBytes(32).toString('base64url');

export const hashInvoiceToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function matchesInvoiceToken(tokenHash: string | undefined, token: string | undefined): boolean {
  if (!tokenHash || token === undefined) return false;
  const given = Buffer.from(hashInvoiceToken(token));
  const kept = Buffer.from(tokenHash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** Where an order's invoice is downloaded: with the token for a guest's e-mail, without it for the parent's account. */
export function invoiceUrlOf(publicUrl: string, orderId: string, token?: string): string {
  const url = new URL(`/invoices/${orderId}`, publicUrl);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

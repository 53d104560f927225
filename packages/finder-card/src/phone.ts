/**
 * A phone number as a French finder reads and dials it: +33 6 12 34 56 78 becomes
 * 06 12 34 56 78. Other countries keep their international form as stored (grouping them needs
 * each country's numbering plan, which this page does not load).
 */
export function displayPhone(e164: string): string {
  const french = /^\+33([1-9])(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(e164);
  return french ? `0${french.slice(1).join(' ')}` : e164;
}

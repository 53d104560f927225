/** 5289 → "52,89 €" (plain spaces: the PDF's fonts and every mail client show them). */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${euros},${String(absolute % 100).padStart(2, '0')} €`;
}

const frenchDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });

/** The day in France, where the invoices are issued: "22/11/2026". */
export const formatFrenchDate = (iso: string): string => frenchDate.format(new Date(iso));

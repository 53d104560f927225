/** An order's status as the back office shows it (spec §4); any other value is 'Statut inconnu'. */
export function statusLabel(status: string): { label: string; tone: string } {
  switch (status) {
    case 'to_prepare':
      return { label: 'À préparer', tone: 'to-prepare' };
    case 'prepared':
      return { label: 'Préparée', tone: 'prepared' };
    case 'shipped':
      return { label: 'Expédiée', tone: 'shipped' };
    default:
      return { label: 'Statut inconnu', tone: 'unknown' };
  }
}

export const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

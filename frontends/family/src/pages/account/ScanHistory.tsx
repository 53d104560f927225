import { api } from '@bracelet/ui';
import { useEffect, useState } from 'react';

type Entry = { scanned_at: string; position: { lat: number; lon: number; shared_at: string; map_url: string } | null };

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** The scans of one bracelet: when, and whether the finder shared a position. */
export function ScanHistory({ braceletId }: { braceletId: string }) {
  const [entries, setEntries] = useState<Entry[] | 'failed'>();
  useEffect(() => {
    api<Entry[]>(`/get_scan_history/${braceletId}`).then((result) => setEntries(result.ok ? result.data : 'failed'));
  }, [braceletId]);

  if (!entries) return <div className="spinner" role="status" />;
  if (entries === 'failed') return <p className="field__error">Erreur lors du chargement des données.</p>;
  if (entries.length === 0) return <p className="muted">Ce bracelet n'a pas encore été scanné.</p>;
  return (
    <ul className="history">
      {entries.map((entry) => (
        <li key={entry.scanned_at}>
          <span>Scanné le {dateTime.format(new Date(entry.scanned_at))}</span>
          {entry.position ? (
            <>
              {' '}
              — position partagée{' '}
              <a href={entry.position.map_url} target="_blank" rel="noreferrer">
                Voir sur la carte
              </a>
            </>
          ) : (
            <span className="muted"> — pas de position partagée</span>
          )}
        </li>
      ))}
    </ul>
  );
}

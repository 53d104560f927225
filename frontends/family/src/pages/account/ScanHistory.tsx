import * as endpoints from '@bracelet/contracts/endpoints';
import type { MessageLimits, PositionDelivery, ScanHistoryResponse, SharedPosition } from '@bracelet/contracts/http';
import { LoadStatus, useLoad } from '@bracelet/ui';

export type TimelineEntry =
  | { key: string; kind: 'scans'; from: Date; to: Date; count: number }
  | { key: string; kind: 'position'; at: Date; position: SharedPosition };
export type TimelineDay = { day: string; entries: TimelineEntry[] };

const dayFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** "toutes les 5 minutes", "par minute", "toutes les 90 secondes". */
function everyWindow(seconds: number): string {
  if (seconds === 60) return 'par minute';
  if (seconds % 60 === 0) return `toutes les ${seconds / 60} minutes`;
  return `toutes les ${seconds} secondes`;
}

/** The caps on messages about positions, as the server applies them, in words a parent reads. */
export function limitsSentence(limits: MessageLimits): string {
  const perDay = limits.location_alerts_per_day;
  return (
    `Les positions partagées vous sont envoyées (par e-mail, et par SMS à votre contact de confiance) au plus une fois ${everyWindow(limits.share_window_seconds)} ` +
    `(les suivantes sont regroupées dans un e-mail) et au plus ${perDay === 1 ? 'une fois' : `${perDay} fois`} par jour ; ` +
    `toutes restent visibles ici pendant ${limits.position_retention_days} ${plural(limits.position_retention_days, 'jour', 'jours')}.`
  );
}

export function deliveryText(delivery: PositionDelivery): string {
  switch (delivery) {
    case 'alert':
      return 'envoyée par e-mail et par SMS au contact de confiance';
    case 'pending':
      return 'sera envoyée avec les suivantes dans un e-mail récapitulatif';
    case 'follow_up':
      return 'envoyée dans un e-mail récapitulatif';
    case 'account_only':
      return 'non envoyée (plafond quotidien atteint) : visible ici seulement';
  }
}

/**
 * Scans and positions as one timeline, newest first, by day. Scans that follow each other with no
 * position between them make one line (a flood of lookups stays readable); every position has its own.
 */
export function timelineOf(history: Pick<ScanHistoryResponse, 'scans' | 'positions'>): TimelineDay[] {
  const events = [
    ...history.scans.map((scan, index) => ({ key: `scan-${index}`, at: new Date(scan.scanned_at), position: undefined })),
    ...history.positions.map((position, index) => ({ key: `position-${index}`, at: new Date(position.shared_at), position })),
  ]
    // Newest first; a position shared at the very time of a scan came after it.
    .sort((a, b) => b.at.getTime() - a.at.getTime() || Number(Boolean(b.position)) - Number(Boolean(a.position)));
  const days: TimelineDay[] = [];
  for (const event of events) {
    const day = dayFormat.format(event.at);
    let current = days.at(-1);
    if (current?.day !== day) {
      current = { day, entries: [] };
      days.push(current);
    }
    const previous = current.entries.at(-1);
    if (event.position) current.entries.push({ key: event.key, kind: 'position', at: event.at, position: event.position });
    else if (previous?.kind === 'scans')
      current.entries[current.entries.length - 1] = { ...previous, from: event.at, count: previous.count + 1 };
    else current.entries.push({ key: event.key, kind: 'scans', from: event.at, to: event.at, count: 1 });
  }
  return days;
}

function EntryLine({ entry }: { entry: TimelineEntry }) {
  if (entry.kind === 'scans') {
    const from = timeFormat.format(entry.from);
    const to = timeFormat.format(entry.to);
    return (
      <li>
        <time dateTime={entry.to.toISOString()}>{from === to ? to : `${from} – ${to}`}</time> —{' '}
        {entry.count === 1 ? 'Bracelet scanné' : `Bracelet scanné ${entry.count} fois`}
      </li>
    );
  }
  return (
    <li>
      <time dateTime={entry.at.toISOString()}>{timeFormat.format(entry.at)}</time> — Position partagée :{' '}
      <a href={entry.position.map_url} target="_blank" rel="noreferrer">
        Voir sur la carte
      </a>{' '}
      <span className="muted">({deliveryText(entry.position.delivery)})</span>
    </li>
  );
}

/** Everything finders did with one bracelet: each scan, each position shared, and what the family was told. */
export function ScanHistory({ braceletId }: { braceletId: string }) {
  const load = useLoad(endpoints.scanHistory(braceletId));
  if (load.status !== 'loaded') return <LoadStatus load={load} />;
  const history = load.data;
  const days = timelineOf(history);
  const truncated = history.scan_count > history.scans.length || history.position_count > history.positions.length;
  return (
    <div>
      <p className="muted" style={{ fontSize: '0.9rem' }}>
        {limitsSentence(history.limits)}
      </p>
      {days.length === 0 ? (
        <p className="muted">Ce bracelet n'a pas encore été scanné.</p>
      ) : (
        days.map(({ day, entries }) => (
          <section key={day} aria-label={day}>
            <h4 style={{ margin: '0.75rem 0 0', textTransform: 'capitalize' }}>{day}</h4>
            <ul className="history">
              {entries.map((entry) => (
                <EntryLine key={entry.key} entry={entry} />
              ))}
            </ul>
          </section>
        ))
      )}
      {truncated ? (
        <p className="muted">
          Seuls les {history.scans.length} scans et les {history.positions.length} positions les plus récents sont affichés (
          {history.scan_count} scans et {history.position_count} positions en tout).
        </p>
      ) : null}
    </div>
  );
}

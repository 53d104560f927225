import * as endpoints from '@bracelet/contracts/endpoints';
import { api } from '@bracelet/ui';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RelayPoint } from './shipping';

/** Spec §9: 7 results, postcode 75001 and country FR by default, given up after 5 s. */
export const RELAY_TIMEOUT_MS = 5000;
const DEFAULT_POSTCODE = '75001';
export const RELAY_LOADING = 'Chargement du widget Mondial Relay...';
export const RELAY_FAILED = 'Le widget des points relais n’a pas pu être chargé. Veuillez réessayer plus tard.';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; points: RelayPoint[] } | { kind: 'error'; message: string };

const distanceOf = (metres: number | undefined) =>
  metres === undefined ? '' : metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1).replace('.', ',')} km`;

/**
 * The relay-point picker (spec §2.12): our own list fed by checkout's GET /relay_points, no
 * third-party script (docs/deviations.md). It keeps the widget's behaviour: loading message, the
 * failure message after 5 s or an error, and a retry.
 */
export function RelayPicker({
  postcode,
  selected,
  onSelect,
}: {
  postcode: string;
  selected: RelayPoint | null;
  onSelect: (point: RelayPoint) => void;
}) {
  const [query, setQuery] = useState(/^\d{5}$/.test(postcode.trim()) ? postcode.trim() : DEFAULT_POSTCODE);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const pending = useRef<AbortController | undefined>(undefined);
  const fieldId = useId();
  useEffect(() => () => pending.current?.abort(), []);

  const search = useCallback(async (code: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setStatus({ kind: 'loading' });
    const result = await api(endpoints.relayPoints(code, 'FR'), { signal: controller.signal, timeoutMs: RELAY_TIMEOUT_MS });
    if (controller.signal.aborted) return;
    if (result.ok) setStatus({ kind: 'loaded', points: result.data.slice(0, 7) });
    else if (result.status === 400) setStatus({ kind: 'error', message: result.message ?? 'Code postal invalide.' });
    else {
      console.warn('relay points failed', result.status);
      setStatus({ kind: 'error', message: RELAY_FAILED });
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: searched once when the picker opens; then on request.
  useEffect(() => {
    void search(query);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void search(query.trim());
  }

  return (
    <div className="relay-picker">
      <div className="relay-picker__search">
        <label htmlFor={fieldId}>Code postal</label>
        <input
          id={fieldId}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
        />
        <button type="button" className="btn btn--secondary" onClick={submit} disabled={status.kind === 'loading'}>
          Rechercher
        </button>
      </div>
      <div aria-live="polite">
        {status.kind === 'loading' ? <p className="muted">{RELAY_LOADING}</p> : null}
        {status.kind === 'error' ? (
          <div className="relay-picker__error" role="alert">
            <p>{status.message}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void search(query.trim())}>
              Réessayer
            </button>
          </div>
        ) : null}
        {status.kind === 'loaded' && status.points.length === 0 ? <p>Aucun point relais trouvé près de ce code postal.</p> : null}
      </div>
      {status.kind === 'loaded' && status.points.length > 0 ? (
        <fieldset className="relay-picker__list">
          <legend className="visually-hidden">Points relais près de {query}</legend>
          {status.points.map((point) => (
            <label key={point.ID} className={`relay-point${selected?.ID === point.ID ? ' relay-point--selected' : ''}`}>
              <input type="radio" name="relay-point" checked={selected?.ID === point.ID} onChange={() => onSelect(point)} />
              <span className="relay-point__text">
                <strong>{point.Nom}</strong>
                <span>
                  {point.Adresse1}, {point.CP} {point.Ville}
                </span>
                {point.distance_m !== undefined ? <span className="muted">à {distanceOf(point.distance_m)}</span> : null}
                {point.horaires && point.horaires.length > 0 ? (
                  <details>
                    <summary>Horaires</summary>
                    <ul className="relay-point__hours">
                      {point.horaires.map((day) => (
                        <li key={day.jour}>
                          {day.jour} : {day.heures}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

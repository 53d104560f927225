import { relayPointWeekDays } from '@bracelet/contracts';
import { type DemoDirectory, loadDemoDirectory } from './demo-directory.js';
import { type LatLon, measureDistanceMetres } from './geo.js';
import type { RelayPoint, RelayPointProvider, RelayPointSearch } from './provider.js';

/**
 * Where a French postcode is: its own centre if the directory knows it, else the centre of the
 * known postcode of the same département (first two digits) closest to it in number (33700 Mérignac
 * → 33000 Bordeaux), else nowhere: an area the demo does not cover answers no points rather than
 * points hundreds of kilometres away.
 */
export function locatePostcode(directory: DemoDirectory, postcode: string): LatLon | undefined {
  const exact = directory.centroids[postcode];
  if (exact) return { lat: exact[0], lon: exact[1] };
  const department = postcode.slice(0, 2);
  const wanted = Number(postcode);
  let best: { gap: number; centre: [number, number] } | undefined;
  for (const [known, centre] of Object.entries(directory.centroids)) {
    if (!known.startsWith(department)) continue;
    const gap = Math.abs(Number(known) - wanted);
    if (!best || gap < best.gap) best = { gap, centre };
  }
  return best ? { lat: best.centre[0], lon: best.centre[1] } : undefined;
}

/** RELAY_PROVIDER=local: the shipped demo directory, nearest first from the postcode's centre. */
export function createLocalRelayPointProvider(directory: DemoDirectory = loadDemoDirectory()): RelayPointProvider {
  return {
    name: 'local',
    async searchRelayPoints({ postcode, country, limit }: RelayPointSearch): Promise<RelayPoint[]> {
      // The demo directory covers France only.
      if (country !== 'FR') return [];
      const centre = locatePostcode(directory, postcode);
      if (!centre) return [];
      return directory.points
        .map((point) => ({ point, distance: measureDistanceMetres(centre, point) }))
        .sort((a, b) => a.distance - b.distance || a.point.ID.localeCompare(b.point.ID))
        .slice(0, limit)
        .map(({ point, distance }) => ({
          ID: point.ID,
          Nom: point.Nom,
          Adresse1: point.Adresse1,
          CP: point.CP,
          Ville: point.Ville,
          Pays: 'FR',
          distance_m: distance,
          horaires: relayPointWeekDays.map((jour, day) => ({ jour, heures: directory.schedules[point.schedule]?.[day] ?? 'Fermé' })),
        }));
    },
  };
}

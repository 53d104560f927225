import { readFileSync } from 'node:fs';
import { relayPointWeekDays } from '@bracelet/contracts';
import { z } from 'zod';

/**
 * The `local` provider's directory (demo-directory.json): DEMO DATA, invented shops, addresses and
 * opening hours around approximate postcode centres (Paris 75001-75020, Lyon 69001-69009,
 * Marseille 13001-13016, Lille, Bordeaux, Toulouse, Nantes, Strasbourg, Rennes, Nice). Their ids
 * start with DEMO- so an order placed with one is recognisable: no carrier can ship to it.
 */

const hoursSchema = z
  .array(z.string().regex(/^(Fermé|[0-2][0-9]:[0-5][0-9]-[0-2][0-9]:[0-5][0-9]( [0-2][0-9]:[0-5][0-9]-[0-2][0-9]:[0-5][0-9])?)$/))
  .length(relayPointWeekDays.length);
const latLonSchema = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);

const directorySchema = z
  .object({
    schedules: z.record(z.string(), hoursSchema),
    centroids: z.record(z.string().regex(/^[0-9]{5}$/), latLonSchema),
    points: z.array(
      z.object({
        ID: z.string().startsWith('DEMO-').max(20),
        Nom: z.string().min(1),
        Adresse1: z.string().min(1),
        CP: z.string().regex(/^[0-9]{5}$/),
        Ville: z.string().min(1),
        lat: z.number(),
        lon: z.number(),
        schedule: z.string(),
      }),
    ),
  })
  .superRefine((directory, context) => {
    // A typo in the data file must fail at boot, not as a point without hours.
    directory.points.forEach((point, index) => {
      if (!directory.schedules[point.schedule])
        context.addIssue({ code: 'custom', path: ['points', index, 'schedule'], message: `unknown schedule ${point.schedule}` });
    });
  });
export type DemoDirectory = z.infer<typeof directorySchema>;

let loaded: DemoDirectory | undefined;

/** The directory, read and checked once per process. */
export function loadDemoDirectory(): DemoDirectory {
  loaded ??= directorySchema.parse(JSON.parse(readFileSync(new URL('./demo-directory.json', import.meta.url), 'utf8')));
  return loaded;
}

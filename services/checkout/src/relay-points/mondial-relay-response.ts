import { relayPointWeekDays } from '@bracelet/contracts';
import { z } from 'zod';
import type { RelayPoint } from './provider.js';
import { readElements, readText } from './soap-xml.js';

/**
 * Reading WSI4_PointRelais_Recherche's answer: `STAT` ('0' is success, anything else a Mondial
 * Relay error code), then `PointsRelais/PointRelais_Details` with `Num`, `LgAdr1` (name), `LgAdr3`
 * (street), `CP`, `Ville`, `Pays`, `Distance` (metres) and `Horaires_<Jour>`: four `string`s,
 * HHMM open/close twice a day, '0000' where there is no range.
 */

export type SearchAnswer = { stat: string; points: RelayPoint[] };

/** Days as the web service names its hours fields (Horaires_Lundi…), in the contract's order. */
const HOURS_FIELDS = relayPointWeekDays.map((jour) => `Horaires_${jour}`);

const hhmm = (value: string) => `${value.slice(0, 2)}:${value.slice(2, 4)}`;

/** ['0900','1200','1400','1900'] → '09:00-12:00 14:00-19:00'; no range → 'Fermé'. */
export function formatOpeningHours(values: string[]): string {
  const ranges: string[] = [];
  for (let index = 0; index + 1 < values.length; index += 2) {
    const [open = '', close = ''] = [values[index]?.trim(), values[index + 1]?.trim()];
    if (!/^[0-9]{4}$/.test(open) || !/^[0-9]{4}$/.test(close) || (open === '0000' && close === '0000')) continue;
    ranges.push(`${hhmm(open)}-${hhmm(close)}`);
  }
  return ranges.length > 0 ? ranges.join(' ') : 'Fermé';
}

// The carrier's answer is input like any other: a point that does not fit is not shown.
const tidy = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const carrierPointSchema = z.object({
  ID: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  Nom: z.string().min(1).max(120),
  Adresse1: z.string().min(1).max(200),
  CP: z.string().regex(/^[0-9A-Za-z -]{3,10}$/),
  Ville: z.string().min(1).max(100),
  Pays: z.string().regex(/^[A-Z]{2}$/),
  distance_m: z.number().int().min(0),
  horaires: z.array(z.object({ jour: z.enum(relayPointWeekDays), heures: z.string() })).length(7),
});

function readPoint(details: string, searchedCountry: string): RelayPoint | undefined {
  const distance = Number(readText(details, 'Distance'));
  const candidate = {
    ID: tidy(readText(details, 'Num')),
    Nom: tidy(readText(details, 'LgAdr1')),
    // LgAdr3 is the street; LgAdr2 a complement of the name, LgAdr4 of the address.
    Adresse1: tidy(readText(details, 'LgAdr3')) || tidy(readText(details, 'LgAdr4')),
    CP: tidy(readText(details, 'CP')),
    Ville: tidy(readText(details, 'Ville')),
    Pays: tidy(readText(details, 'Pays')).toUpperCase() || searchedCountry,
    distance_m: Number.isFinite(distance) && distance >= 0 ? Math.round(distance) : 0,
    horaires: relayPointWeekDays.map((jour, day) => {
      const [field] = readElements(details, HOURS_FIELDS[day] ?? '');
      return { jour, heures: formatOpeningHours(field === undefined ? [] : readElements(field, 'string')) };
    }),
  };
  const parsed = carrierPointSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** The answer's status and its points (nearest first); undefined if it is not a search answer at all. */
export function readSearchAnswer(xml: string, searchedCountry: string): SearchAnswer | undefined {
  const [result] = readElements(xml, 'WSI4_PointRelais_RechercheResult');
  if (result === undefined) return undefined;
  // Each point carries its own STAT too: the answer's is the one outside PointsRelais.
  const [pointsXml = ''] = readElements(result, 'PointsRelais');
  const stat = readText(result.replace(/<(?:[\w.-]+:)?PointsRelais[\s\S]*<\/(?:[\w.-]+:)?PointsRelais\s*>/, ''), 'STAT');
  if (stat === undefined) return undefined;
  const points = readElements(pointsXml, 'PointRelais_Details')
    .map((details) => readPoint(details, searchedCountry))
    .filter((point): point is RelayPoint => point !== undefined)
    .sort((a, b) => a.distance_m - b.distance_m);
  return { stat, points };
}

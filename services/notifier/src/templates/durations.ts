/** A duration as a French sentence says it: "une heure", "5 minutes", "2 heures", "90 secondes". */
export function durationInFrench(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'une heure' : `${seconds / 3600} heures`;
  if (seconds % 60 === 0) return seconds === 60 ? 'une minute' : `${seconds / 60} minutes`;
  return `${seconds} secondes`;
}

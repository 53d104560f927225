import { TextField } from '@bracelet/ui';
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { useEffect, useId, useMemo, useState } from 'react';

const regionNames = new Intl.DisplayNames(['fr'], { type: 'region' });
const countries = getCountries()
  .map((code) => ({ code, name: regionNames.of(code) ?? code, dial: getCountryCallingCode(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'fr'));

const MAX_DIGITS = 15;

/** The international number: +, the country's dial code, the national digits without a leading 0. */
export function toInternational(country: CountryCode, national: string): string {
  const dial = getCountryCallingCode(country);
  const digits = national.replace(/\D/g, '').replace(/^0+/, '');
  return `+${`${dial}${digits}`.slice(0, MAX_DIGITS)}`;
}

type Props = { value: string; onChange: (international: string) => void; error?: string | undefined };

/** Country (France, +33, by default; searchable) and number; reports the number normalised to +… */
export function InternationalPhoneInput({ onChange, error }: Props) {
  const id = useId();
  const [country, setCountry] = useState<CountryCode>('FR');
  const [national, setNational] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');

  // Filtering waits until typing pauses (250 ms), as the spec's country search does.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim().toLowerCase()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const shown = useMemo(
    () =>
      countries.filter(
        (entry) => entry.code === country || !query || entry.name.toLowerCase().includes(query) || `+${entry.dial}`.includes(query),
      ),
    [query, country],
  );

  const update = (nextCountry: CountryCode, nextNational: string) => {
    setCountry(nextCountry);
    setNational(nextNational);
    onChange(nextNational.trim() ? toInternational(nextCountry, nextNational) : '');
  };

  return (
    <fieldset className="field" style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.35rem' }}>Téléphone</legend>
      <div className="grid-2">
        <div className="field">
          <label htmlFor={`${id}-search`}>Rechercher un pays</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="France, +33…"
          />
          <label htmlFor={`${id}-country`}>Pays</label>
          <select id={`${id}-country`} value={country} onChange={(event) => update(event.target.value as CountryCode, national)}>
            {shown.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name} (+{entry.dial})
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Numéro"
          hint={`Indicatif +${getCountryCallingCode(country)}`}
          error={error}
          type="tel"
          name="telephone"
          autoComplete="tel-national"
          required
          inputMode="tel"
          value={national}
          onChange={(event) => update(country, event.target.value)}
          placeholder="6 12 34 56 78"
        />
      </div>
    </fieldset>
  );
}

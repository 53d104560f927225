import type { ChildSummary } from '@bracelet/contracts/http';
import { api } from '@bracelet/ui';
import { useId, useState } from 'react';

type Privacy = ChildSummary['privacy'];
const options: Array<{ key: keyof Privacy; label: string }> = [
  { key: 'show_surname', label: 'Nom de famille' },
  { key: 'show_photo', label: 'Photo' },
  { key: 'show_age', label: 'Âge' },
];

/** Per child, what the person who scans the bracelet sees (the first name and the contact always). */
export function FinderPrivacy({ child }: { child: ChildSummary }) {
  const id = useId();
  const [privacy, setPrivacy] = useState<Privacy>(child.privacy);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  async function toggle(key: keyof Privacy, value: boolean) {
    const next = { ...privacy, [key]: value };
    setPrivacy(next);
    setStatus('saving');
    const result = await api(`/child_privacy/${child.id}`, { method: 'PUT', json: next });
    if (result.ok) return setStatus('saved');
    setPrivacy(privacy);
    setStatus('failed');
  }

  return (
    <fieldset className="privacy" aria-describedby={`${id}-status`}>
      <legend>Visible par la personne qui scanne le bracelet de {child.first_name}</legend>
      {options.map((option) => (
        <label key={option.key} className="checkbox">
          <input
            type="checkbox"
            checked={privacy[option.key]}
            disabled={status === 'saving'}
            onChange={(event) => toggle(option.key, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
      <span id={`${id}-status`} role="status" className={status === 'failed' ? 'field__error' : 'muted'}>
        {status === 'saved' ? 'Préférences enregistrées.' : status === 'failed' ? 'Erreur lors de la mise à jour.' : ''}
      </span>
    </fieldset>
  );
}

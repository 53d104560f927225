import * as endpoints from '@bracelet/contracts/endpoints';
import type { ChildSummary } from '@bracelet/contracts/http';
import { api, useSubmit } from '@bracelet/ui';
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
  const saving = useSubmit({ repeatable: true });

  function toggle(key: keyof Privacy, value: boolean) {
    const next = { ...privacy, [key]: value };
    setPrivacy(next);
    return saving.submit((signal) => api(endpoints.childPrivacy(child.id), { json: next, signal }), {
      success: 'Préférences enregistrées.',
      failure: 'Erreur lors de la mise à jour.',
      onFailure: () => setPrivacy(privacy),
    });
  }

  return (
    <fieldset className="privacy" aria-describedby={`${id}-status`}>
      <legend>Visible par la personne qui scanne le bracelet de {child.first_name}</legend>
      {options.map((option) => (
        <label key={option.key} className="checkbox">
          <input
            type="checkbox"
            checked={privacy[option.key]}
            disabled={saving.status === 'loading'}
            onChange={(event) => toggle(option.key, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
      <span id={`${id}-status`} role="status" className={saving.status === 'error' ? 'field__error' : 'muted'}>
        {saving.message?.text ?? ''}
      </span>
    </fieldset>
  );
}

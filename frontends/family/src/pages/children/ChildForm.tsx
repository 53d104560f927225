import { type ChildDetail, relationships } from '@bracelet/contracts/http';
import { todayInFrance } from '@bracelet/contracts/values';
import { Avatar, api, Button, type ButtonState, FormMessage, TextField, useSession } from '@bracelet/ui';
import { type FormEvent, useRef, useState } from 'react';

type Values = {
  first_name: string;
  surname: string;
  birth_date: string;
  emergency_first_name: string;
  emergency_surname: string;
  emergency_phone: string;
  relationship: string;
};
type Contact = Pick<Values, 'emergency_first_name' | 'emergency_surname' | 'emergency_phone'>;

const empty: Values = {
  first_name: '',
  surname: '',
  birth_date: '',
  emergency_first_name: '',
  emergency_surname: '',
  emergency_phone: '',
  relationship: '',
};
const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp'];

type Props = {
  mode: 'create' | 'edit';
  child?: ChildDetail;
  successMessage: string;
  onSaved: (child: ChildDetail) => void;
};

/**
 * The two-step child form (spec §2.14): the child, then the emergency contact. Posted as
 * multipart to /add_child_profile/ or /update_child_profile/{id}.
 */
export function ChildForm({ mode, child, successMessage, onSaved }: Props) {
  const session = useSession();
  const account = session.status === 'signed-in' ? session.session : undefined;
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<Values>(() => (child ? { ...empty, ...pick(child) } : empty));
  const [photo, setPhoto] = useState<File>();
  const [useAccount, setUseAccount] = useState(false);
  const typedContact = useRef<Contact | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<ButtonState>('idle');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  function validateStep1(): boolean {
    const found: Record<string, string> = {};
    if (!values.first_name.trim()) found.first_name = 'Le prénom est obligatoire.';
    if (!values.surname.trim()) found.surname = 'Le nom est obligatoire.';
    if (!values.birth_date) found.birth_date = 'La date de naissance est obligatoire.';
    else if (values.birth_date > todayInFrance()) found.birth_date = 'La date de naissance ne peut pas être dans le futur.';
    if (photo && !acceptedTypes.includes(photo.type)) found.photo = 'La photo doit être une image PNG, JPEG ou WebP.';
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function toggleAccount(checked: boolean) {
    setUseAccount(checked);
    if (checked && account) {
      typedContact.current = {
        emergency_first_name: values.emergency_first_name,
        emergency_surname: values.emergency_surname,
        emergency_phone: values.emergency_phone,
      };
      setValues((current) => ({
        ...current,
        emergency_first_name: account.prenom,
        emergency_surname: account.nom,
        emergency_phone: account.telephone ?? '',
      }));
    } else if (!checked && typedContact.current) {
      const restored = typedContact.current;
      setValues((current) => ({ ...current, ...restored }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step === 1) {
      if (validateStep1()) setStep(2);
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value.trim());
    if (mode === 'create' && account) body.append('parent_id', account.parent_id);
    if (photo) body.append('photo', photo);
    setState('loading');
    setMessage(undefined);
    const result =
      mode === 'create'
        ? await api<ChildDetail>('/add_child_profile/', { method: 'POST', body })
        : await api<ChildDetail>(`/update_child_profile/${child?.id}`, { method: 'PUT', body });
    if (!result.ok) {
      setState('idle');
      const fieldErrors = Object.fromEntries(Object.entries(result.fields ?? {}).map(([name, list]) => [name, list[0] ?? '']));
      setErrors(fieldErrors);
      if (['first_name', 'surname', 'birth_date', 'photo'].some((name) => name in fieldErrors)) setStep(1);
      setMessage({
        kind: 'error',
        text: mode === 'create' ? 'Une erreur est survenue lors de l’ajout du profil.' : 'Erreur lors de la mise à jour.',
      });
      return;
    }
    setState('success');
    setMessage({ kind: 'success', text: successMessage });
    onSaved(result.data);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">
        Étape {step} sur 2 — {step === 1 ? "L'enfant" : 'Le contact à joindre'}
      </p>
      {step === 1 ? (
        <>
          <TextField
            label="Prénom"
            name="first_name"
            required
            value={values.first_name}
            error={errors.first_name}
            onChange={(event) => set('first_name')(event.target.value)}
          />
          <TextField
            label="Nom"
            name="surname"
            required
            value={values.surname}
            error={errors.surname}
            onChange={(event) => set('surname')(event.target.value)}
          />
          <TextField
            label="Date de naissance"
            name="birth_date"
            type="date"
            required
            max={todayInFrance()}
            value={values.birth_date}
            error={errors.birth_date}
            onChange={(event) => set('birth_date')(event.target.value)}
          />
          <div className="field">
            <label htmlFor="child-photo">Photo de profil (facultative)</label>
            {child?.photo && !photo ? (
              <span className="actions">
                <Avatar photo={child.photo} name={child.first_name} /> <span className="muted">Photo actuelle</span>
              </span>
            ) : null}
            <input
              id="child-photo"
              name="photo"
              type="file"
              accept={acceptedTypes.join(',')}
              onChange={(event) => setPhoto(event.target.files?.[0])}
            />
            <p className="field__hint">PNG, JPEG ou WebP. Les données de localisation de la photo sont supprimées.</p>
            {errors.photo ? <p className="field__error">{errors.photo}</p> : null}
          </div>
          <Button type="submit">Suivant</Button>
        </>
      ) : (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={useAccount} onChange={(event) => toggleAccount(event.target.checked)} disabled={!account} />
            Utiliser les informations de mon compte
          </label>
          <TextField
            label="Prénom du contact"
            name="emergency_first_name"
            required
            disabled={useAccount}
            value={values.emergency_first_name}
            error={errors.emergency_first_name}
            onChange={(event) => set('emergency_first_name')(event.target.value)}
          />
          <TextField
            label="Nom du contact"
            name="emergency_surname"
            required
            disabled={useAccount}
            value={values.emergency_surname}
            error={errors.emergency_surname}
            onChange={(event) => set('emergency_surname')(event.target.value)}
          />
          <TextField
            label="Téléphone du contact"
            name="emergency_phone"
            type="tel"
            required
            disabled={useAccount}
            value={values.emergency_phone}
            error={errors.emergency_phone}
            onChange={(event) => set('emergency_phone')(event.target.value)}
          />
          <div className="field">
            <label htmlFor="relationship">Lien avec l'enfant</label>
            <select
              id="relationship"
              name="relationship"
              required
              value={values.relationship}
              onChange={(event) => set('relationship')(event.target.value)}
              aria-invalid={errors.relationship ? true : undefined}
            >
              <option value="">Choisir…</option>
              {relationships.map((relationship) => (
                <option key={relationship} value={relationship}>
                  {relationship}
                </option>
              ))}
            </select>
            {errors.relationship ? <p className="field__error">{errors.relationship}</p> : null}
          </div>
          {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
          <div className="actions">
            <Button variant="secondary" onClick={() => setStep(1)} disabled={state !== 'idle'}>
              Précédent
            </Button>
            <Button type="submit" state={state} successLabel={mode === 'create' ? 'Profil ajouté' : 'Profil modifié'}>
              {mode === 'create' ? 'Ajouter le profil' : 'Modifier le profil'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

function pick(child: ChildDetail): Values {
  return {
    first_name: child.first_name,
    surname: child.surname,
    birth_date: child.birth_date,
    emergency_first_name: child.emergency_first_name,
    emergency_surname: child.emergency_surname,
    emergency_phone: child.emergency_phone,
    relationship: child.relationship,
  };
}

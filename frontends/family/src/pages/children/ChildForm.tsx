import * as endpoints from '@bracelet/contracts/endpoints';
import { type ChildDetail, relationships } from '@bracelet/contracts/http';
import { todayInFrance } from '@bracelet/contracts/values';
import { Avatar, api, Button, Field, type FieldErrors, FormMessage, SelectField, TextField, useForm, useSession } from '@bracelet/ui';
import { useRef, useState } from 'react';

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
const photoHint = 'PNG, JPEG ou WebP. Les données de localisation de la photo sont supprimées.';
/** The fields of the first step, where their errors show. */
const step1Fields = ['first_name', 'surname', 'birth_date', 'photo'];

type Props = {
  mode: 'create' | 'edit';
  child?: ChildDetail;
  successMessage: string;
  onSaved: (child: ChildDetail) => void;
};

/**
 * The two-step child form (spec §2.14): the child, then the emergency contact. Posted as
 * multipart (with the upload's longer timeout) to /add_child_profile/ or /update_child_profile/{id}.
 */
export function ChildForm({ mode, child, successMessage, onSaved }: Props) {
  const session = useSession();
  const account = session.status === 'signed-in' ? session.session : undefined;
  const [step, setStep] = useState<1 | 2>(1);
  const form = useForm<Values>(() => (child ? pick(child) : empty));
  const { values } = form;
  const [photo, setPhoto] = useState<File>();
  const [useAccount, setUseAccount] = useState(false);
  const typedContact = useRef<Contact | undefined>(undefined);

  function validateStep1(): boolean {
    const found: FieldErrors = {};
    if (!values.first_name.trim()) found.first_name = 'Le prénom est obligatoire.';
    if (!values.surname.trim()) found.surname = 'Le nom est obligatoire.';
    if (!values.birth_date) found.birth_date = 'La date de naissance est obligatoire.';
    else if (values.birth_date > todayInFrance()) found.birth_date = 'La date de naissance ne peut pas être dans le futur.';
    if (photo && !acceptedTypes.includes(photo.type)) found.photo = 'La photo doit être une image PNG, JPEG ou WebP.';
    form.setErrors(found);
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
      form.setValues((current) => ({
        ...current,
        emergency_first_name: account.prenom,
        emergency_surname: account.nom,
        emergency_phone: account.telephone ?? '',
      }));
    } else if (!checked && typedContact.current) {
      const restored = typedContact.current;
      form.setValues((current) => ({ ...current, ...restored }));
    }
  }

  function save() {
    if (step === 1) {
      if (validateStep1()) setStep(2);
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value.trim());
    if (mode === 'create' && account) body.append('parent_id', account.parent_id);
    if (photo) body.append('photo', photo);
    const endpoint = mode === 'create' ? endpoints.addChild() : endpoints.updateChild(child?.id ?? '');
    return form.submit((signal) => api(endpoint, { form: body, signal }), {
      success: successMessage,
      failure: mode === 'create' ? 'Une erreur est survenue lors de l’ajout du profil.' : 'Erreur lors de la mise à jour.',
      fieldErrors: true,
      // A field of the first step refused: back to it, where its message shows.
      onFailure: (failure) => step1Fields.some((name) => failure.fields?.[name]) && setStep(1),
      onSuccess: onSaved,
    });
  }

  return (
    <form className="form" onSubmit={form.onSubmit(save)} noValidate>
      <p className="muted">
        Étape {step} sur 2 — {step === 1 ? "L'enfant" : 'Le contact à joindre'}
      </p>
      {step === 1 ? (
        <>
          <TextField label="Prénom" required {...form.field('first_name')} />
          <TextField label="Nom" required {...form.field('surname')} />
          <TextField label="Date de naissance" type="date" required max={todayInFrance()} {...form.field('birth_date')} />
          <Field label="Photo de profil (facultative)" hint={photoHint} error={form.errors.photo}>
            {(control) => (
              <>
                {child?.photo && !photo ? (
                  <span className="actions">
                    <Avatar photo={child.photo} name={child.first_name} /> <span className="muted">Photo actuelle</span>
                  </span>
                ) : null}
                <input
                  {...control}
                  name="photo"
                  type="file"
                  accept={acceptedTypes.join(',')}
                  onChange={(event) => setPhoto(event.target.files?.[0])}
                />
              </>
            )}
          </Field>
          <Button type="submit">Suivant</Button>
        </>
      ) : (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={useAccount} onChange={(event) => toggleAccount(event.target.checked)} disabled={!account} />
            Utiliser les informations de mon compte
          </label>
          <TextField label="Prénom du contact" required disabled={useAccount} {...form.field('emergency_first_name')} />
          <TextField label="Nom du contact" required disabled={useAccount} {...form.field('emergency_surname')} />
          <TextField label="Téléphone du contact" type="tel" required disabled={useAccount} {...form.field('emergency_phone')} />
          <SelectField label="Lien avec l'enfant" required options={relationships} placeholder="Choisir…" {...form.field('relationship')} />
          <FormMessage message={form.message} />
          <div className="actions">
            <Button variant="secondary" onClick={() => setStep(1)} disabled={form.button !== 'idle'}>
              Précédent
            </Button>
            <Button type="submit" state={form.button} successLabel={mode === 'create' ? 'Profil ajouté' : 'Profil modifié'}>
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

/** @jsxRuntime automatic */
import type { ScanCardResponse } from '@bracelet/contracts/http';
import type { ReactNode } from 'react';
import { ageInYears } from './age';
import { displayPhone } from './phone';

export type CardChild = NonNullable<ScanCardResponse['child']>;
export type CardContact = NonNullable<ScanCardResponse['emergency_contact']>;

type Props = {
  child: CardChild;
  contact: CardContact;
  /** False when the lookup's alert could not be recorded: the page must not say the family was told. */
  familyAlerted: boolean;
  /** The child's photo (the app hides it if it fails to load; the first response shows it as is). */
  photo: ReactNode;
  /** 'Partager votre position', driven by React in the app, by a small script in the first response. */
  share: ReactNode;
  /** Today, for the age (tests pin it). */
  today?: Date;
};

/** What a finder sees of a configured bracelet: who the child is and whom to call. */
export function FinderCard({ child, contact, familyAlerted, photo, share, today }: Props) {
  const fullName = [child.first_name, child.surname].filter(Boolean).join(' ');
  return (
    <div className="narrow">
      {familyAlerted ? (
        <p className="alert alert--info">
          Merci d'avoir scanné ce bracelet ! Le contact de confiance de {child.first_name} a été prévenu automatiquement. Appelez-le
          ci-dessous.
        </p>
      ) : (
        <p className="alert alert--warning">
          Merci d'avoir scanné ce bracelet ! Nous n'avons pas pu prévenir le contact de confiance de {child.first_name} automatiquement :
          appelez-le ci-dessous.
        </p>
      )}
      <section className="card" aria-labelledby="informations">
        <h2 id="informations">Informations</h2>
        <div className="actions">
          {photo}
          <p>
            <strong>{fullName}</strong>
          </p>
        </div>
        {child.birth_date ? <p>{ageInYears(child.birth_date, today)} ans</p> : null}
      </section>
      <section className="card" aria-labelledby="contact">
        <h2 id="contact">Contact à joindre</h2>
        <p>
          {contact.first_name} {contact.surname} — {contact.relationship}
        </p>
        {/* The number itself too: a finder on a computer, or whose phone cannot follow the link, can still dial it. */}
        <p className="contact-phone">{displayPhone(contact.phone)}</p>
        <a className="btn btn--primary btn--block" href={`tel:${contact.phone}`}>
          Appeler
        </a>
      </section>
      {share}
    </div>
  );
}

/** The child's photo, served by scan to whoever has its unguessable id (which only a scan gives). */
export function CardPhotoImage({ src, name, onError }: { src: string; name: string; onError?: () => void }) {
  // The card's largest picture: fetched first (it is often the page's largest paint).
  return <img className="avatar" src={src} alt={name} width={96} height={96} fetchPriority="high" onError={onError} />;
}

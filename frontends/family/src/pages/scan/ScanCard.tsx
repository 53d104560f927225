import type { ScanCardResponse } from '@bracelet/contracts/http';
import { ageInYears } from './age';
import { CardPhoto } from './CardPhoto';
import { displayPhone } from './phone';
import { SharePosition } from './SharePosition';

type Props = {
  braceletId: string;
  child: NonNullable<ScanCardResponse['child']>;
  contact: NonNullable<ScanCardResponse['emergency_contact']>;
  /** False when the lookup's alert could not be recorded: the page must not say the family was told. */
  familyAlerted: boolean;
};

/** What a finder sees of a configured bracelet: who the child is and whom to call. */
export function ScanCard({ braceletId, child, contact, familyAlerted }: Props) {
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
          Merci d'avoir scanné ce bracelet ! Nous n'avons pas pu prévenir le contact de confiance de {child.first_name}
          automatiquement : appelez-le ci-dessous.
        </p>
      )}
      <section className="card" aria-labelledby="informations">
        <h2 id="informations">Informations</h2>
        <div className="actions">
          <CardPhoto photo={child.photo} name={child.first_name} />
          <p>
            <strong>{fullName}</strong>
          </p>
        </div>
        {child.birth_date ? <p>{ageInYears(child.birth_date)} ans</p> : null}
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
      <SharePosition braceletId={braceletId} childFirstName={child.first_name} contactPhone={contact.phone} />
    </div>
  );
}

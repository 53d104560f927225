import * as endpoints from '@bracelet/contracts/endpoints';
import { LoadStatus, useLoad } from '@bracelet/ui';
import { useState } from 'react';
import { BackofficeLayout } from '../BackofficeLayout';

/** What each message is, as staff say it. */
const templateLabels: Record<string, string> = {
  'scan-alert': 'Alerte : bracelet scanné',
  'scan-summary': 'Résumé des scans',
  location: 'Alerte : position partagée',
  'location-follow-up': 'Positions suivantes',
  welcome: 'Bienvenue',
  'signup-attempt': "Tentative d'inscription",
  'login-attack': 'Mots de passe erronés',
  'password-reset': 'Réinitialisation du mot de passe',
  'order-confirmation': 'Confirmation de commande',
  'order-shipped': 'Commande expédiée',
  'refund-confirmation': 'Remboursement',
  'withdrawal-acknowledgment': 'Rétractation reçue',
};

/** Messages the notifier gave up on after its last try: someone has to reach the family another way. */
function Undelivered() {
  const load = useLoad(endpoints.undeliveredMessages());
  if (load.status !== 'loaded') return <LoadStatus load={load} failure="La liste des messages non remis n'est pas disponible." />;
  const { undelivered, total, retrying, stuck } = load.data;
  return (
    <section aria-labelledby="undelivered" className="card">
      <h2 id="undelivered">Messages non remis ({total})</h2>
      {stuck > 0 ? (
        <p className="alert alert--error" role="alert">
          {stuck} message{stuck > 1 ? 's' : ''} bloqué{stuck > 1 ? 's' : ''} depuis plus de 10 minutes (ni envoyé{stuck > 1 ? 's' : ''}, ni
          abandonné{stuck > 1 ? 's' : ''}) : vérifiez le notifier et ses journaux.
        </p>
      ) : null}
      {total > undelivered.length ? <p className="muted">Les {undelivered.length} plus récents sont affichés.</p> : null}
      {retrying > 0 ? (
        <p>
          {retrying} message{retrying > 1 ? 's' : ''} en échec pour l'instant, nouvel essai automatique en cours.
        </p>
      ) : null}
      {undelivered.length === 0 ? (
        <p className="muted">Aucun message abandonné : tout ce qui devait partir est parti ou va être réessayé.</p>
      ) : (
        <ul className="list">
          {undelivered.map((message) => (
            <li key={message.id} className="list-item">
              <span className="list-item__main">
                <strong>
                  {message.channel === 'sms' ? 'SMS' : 'E-mail'} — {templateLabels[message.template] ?? message.template}
                </strong>
                <br />À {message.recipient} — abandonné le {new Date(message.given_up_at).toLocaleString('fr-FR')} après {message.attempts}{' '}
                essai
                {message.attempts > 1 ? 's' : ''}
                {message.last_error ? (
                  <>
                    <br />
                    <span className="muted">Dernière réponse : {message.last_error}</span>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Inbox() {
  const load = useLoad(endpoints.devMails());
  const [openId, setOpenId] = useState<string>();
  if (load.status !== 'loaded')
    return <LoadStatus load={load} failure="Les e-mails de développement ne sont pas disponibles (SMTP réel configuré ?)." />;
  const mails = load.data;
  return (
    <div className="grid-2">
      <section aria-labelledby="inbox">
        <h2 id="inbox">Messages ({mails.length})</h2>
        {mails.length === 0 ? <p className="muted">Aucun message pour l'instant.</p> : null}
        <ul className="list">
          {mails.map((mail) => (
            <li key={mail.id}>
              <button
                type="button"
                className="list-item"
                style={{ width: '100%', textAlign: 'left', border: 'none', font: 'inherit', cursor: 'pointer' }}
                onClick={() => setOpenId(mail.id)}
              >
                <span className="list-item__main">
                  <strong>{mail.subject || '(sans objet)'}</strong>
                  <br />
                  <span className="muted">
                    À {mail.to} — {mail.date ? new Date(mail.date).toLocaleString('fr-FR') : ''}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-live="polite">{openId ? <OpenMail id={openId} /> : null}</section>
    </div>
  );
}

function OpenMail({ id }: { id: string }) {
  const load = useLoad(endpoints.devMail(id));
  if (load.status !== 'loaded') return <LoadStatus load={load} failure="Message introuvable." />;
  const mail = load.data;
  return (
    <article className="card">
      <h2>{mail.subject}</h2>
      <p className="muted">
        De {mail.from}
        <br />À {mail.to}
      </p>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', font: 'inherit' }}>{mail.text}</pre>
    </article>
  );
}

/**
 * /backoffice/mail: the messages that could not be delivered (always), and what the development
 * mail catcher received (no real SMTP configured).
 */
export default function MailPage() {
  return (
    <BackofficeLayout>
      <h1>E-mails envoyés (développement)</h1>
      <Undelivered />
      <Inbox />
    </BackofficeLayout>
  );
}

import * as endpoints from '@bracelet/contracts/endpoints';
import { LoadStatus, useLoad } from '@bracelet/ui';
import { useState } from 'react';
import { BackofficeLayout } from '../BackofficeLayout';

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

/** /backoffice/mail: what the development mail catcher received (no real SMTP configured). */
export default function MailPage() {
  return (
    <BackofficeLayout>
      <h1>E-mails envoyés (développement)</h1>
      <Inbox />
    </BackofficeLayout>
  );
}

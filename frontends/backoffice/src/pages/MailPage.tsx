import { api, FormMessage } from '@bracelet/ui';
import { useEffect, useState } from 'react';
import { RequireStaff } from '../RequireStaff';

type MailSummary = { id: string; subject: string; to: string; date: string };
type Mail = MailSummary & { from: string; text: string };

function Inbox() {
  const [mails, setMails] = useState<MailSummary[] | 'failed'>();
  const [open, setOpen] = useState<Mail | 'failed'>();

  useEffect(() => {
    api<MailSummary[]>('/backoffice-api/mail').then((result) => setMails(result.ok ? result.data : 'failed'));
  }, []);

  async function show(id: string) {
    const result = await api<Mail>(`/backoffice-api/mail/${encodeURIComponent(id)}`);
    setOpen(result.ok ? result.data : 'failed');
  }

  if (!mails) return <div className="spinner" role="status" />;
  if (mails === 'failed')
    return <FormMessage kind="error">Les e-mails de développement ne sont pas disponibles (SMTP réel configuré ?).</FormMessage>;
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
                onClick={() => show(mail.id)}
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
      <section aria-live="polite">
        {open === 'failed' ? <FormMessage kind="error">Message introuvable.</FormMessage> : null}
        {open && open !== 'failed' ? (
          <article className="card">
            <h2>{open.subject}</h2>
            <p className="muted">
              De {open.from}
              <br />À {open.to}
            </p>
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', font: 'inherit' }}>{open.text}</pre>
          </article>
        ) : null}
      </section>
    </div>
  );
}

/** /backoffice/mail: what the development mail catcher received (no real SMTP configured). */
export default function MailPage() {
  return (
    <RequireStaff>
      <div className="container">
        <h1>E-mails envoyés (développement)</h1>
        <Inbox />
      </div>
    </RequireStaff>
  );
}

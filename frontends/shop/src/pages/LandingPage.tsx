import * as endpoints from '@bracelet/contracts/endpoints';
import { api, FormMessage, visitFieldsForSignup } from '@bracelet/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ContentStyles } from '../content-styles';
import { useTitle } from '../parts/page';

const ALREADY = 'Vous vous êtes déjà inscrit(e) avec cette adresse mail.';
const FAILED = 'Une erreur est survenue.';
const NETWORK = 'Une erreur réseau est survenue.';

const STEPS = [
  {
    title: '1. Choisissez le bracelet',
    summary: 'Corde colorée ou argent : chaque bracelet porte une plaque avec un QR code unique.',
    more: 'Le QR code est gravé au laser au dos de la plaque : il résiste à l’eau, au sable et aux lavages. Aucune information personnelle n’y est écrite, seulement un lien vers le profil de votre enfant.',
  },
  {
    title: '2. Créez le profil de votre enfant',
    summary: 'En quelques minutes, depuis votre téléphone, vous indiquez qui appeler.',
    more: 'Vous choisissez ce que voit la personne qui scanne : le prénom de votre enfant, une photo, vos numéros de téléphone, une allergie à connaître. Vous modifiez le profil à tout moment depuis votre espace.',
  },
  {
    title: '3. Un scan, et vous êtes prévenu',
    summary: 'La personne qui trouve votre enfant scanne le bracelet et vous appelle.',
    more: 'Pas besoin d’application : l’appareil photo du téléphone suffit. Vous recevez aussitôt un e-mail avec l’heure du scan et, si la personne l’accepte, sa position.',
  },
];

/** /homepage (spec §2.5): the landing page, with our solution, our story and the pre-sale list. */
export default function LandingPage() {
  useTitle('Le bracelet QR qui rassure les parents');
  return (
    <>
      <ContentStyles />
      <section id="top" className="home-section home-hero" aria-labelledby="landing-title">
        <h1 id="landing-title" className="home-hero__slogan">
          Grandir. Explorer. Protéger.
        </h1>
        <p className="home-hero__text">
          Un bracelet à QR code pour que votre enfant explore le monde, et que la personne qui le trouve puisse vous joindre en un instant.
        </p>
        <a href="#inscription" className="btn btn--primary">
          Je m’inscris aux précommandes
        </a>
      </section>

      <section id="how" className="home-section" aria-labelledby="how-title">
        <h2 id="how-title">Notre solution</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <Step key={step.title} {...step} />
          ))}
        </ol>
      </section>

      <section id="about" className="home-section" aria-labelledby="about-title">
        <h2 id="about-title">Notre histoire</h2>
        <p>
          Tout est parti d’un après-midi dans un parc d’attractions : quelques minutes sans voir notre fils, qui nous ont paru des heures.
          Il connaissait son prénom, pas notre numéro de téléphone.
        </p>
        <p>
          Nous avons voulu une solution simple, sans pile ni application, que l’enfant garde au poignet et que n’importe quel adulte sache
          utiliser. Nos bracelets sont fabriqués en France, et les données de votre enfant ne sont ni revendues ni montrées à qui que ce
          soit sans votre accord.
        </p>
      </section>

      <section id="inscription" className="home-section" aria-labelledby="signup-title">
        <h2 id="signup-title">Soyez prévenu(e) de l’ouverture des précommandes</h2>
        <p>Laissez votre adresse mail : nous vous écrirons une seule fois, le jour où les précommandes ouvriront.</p>
        <SignupForm />
      </section>
    </>
  );
}

function Step({ title, summary, more }: (typeof STEPS)[number]) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  return (
    <li className="step">
      <h3>{title}</h3>
      <p>{summary}</p>
      <button type="button" className="btn btn--secondary" aria-expanded={open} aria-controls={moreId} onClick={() => setOpen(!open)}>
        En savoir plus
      </button>
      <p id={moreId} className="step__more" hidden={!open}>
        {more}
      </p>
    </li>
  );
}

type FormState = { kind: 'idle'; error?: string } | { kind: 'submitting' } | { kind: 'confirmed'; message: string };

function SignupForm() {
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const emailId = useId();
  const away = useRef<AbortController | null>(null);
  useEffect(() => () => away.current?.abort(), []);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'submitting') return;
    const data = new FormData(event.currentTarget);
    const website = String(data.get('website') ?? '');
    setState({ kind: 'submitting' });
    away.current = new AbortController();
    const result = await api(endpoints.addContact(), {
      signal: away.current.signal,
      json: {
        email: String(data.get('email') ?? '').trim(),
        ...visitFieldsForSignup(),
        ...(website ? { website } : {}),
      },
    });
    if (away.current.signal.aborted) return;
    if (result.ok) setState({ kind: 'confirmed', message: result.data?.message ?? 'Merci, votre inscription est enregistrée.' });
    else if (result.status === 409) setState({ kind: 'idle', error: ALREADY });
    else if (result.status === 0) setState({ kind: 'idle', error: NETWORK });
    else setState({ kind: 'idle', error: FAILED });
  }

  if (state.kind === 'confirmed') {
    return (
      <div>
        <FormMessage kind="success">{state.message}</FormMessage>
        {canShare ? (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              navigator
                .share({
                  title: 'Bracelet QR',
                  text: 'Le bracelet à QR code qui aide à retrouver les enfants perdus.',
                  url: `${window.location.origin}/homepage`,
                })
                .catch(() => undefined);
            }}
          >
            Partager avec un proche
          </button>
        ) : null}
      </div>
    );
  }

  const submitting = state.kind === 'submitting';
  return (
    <form className="signup-form" onSubmit={submit} noValidate={false} aria-busy={submitting}>
      <label htmlFor={emailId}>Adresse mail</label>
      <input id={emailId} name="email" type="email" autoComplete="email" required maxLength={254} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${emailId}-website`}>Ne remplissez pas ce champ</label>
        <input id={`${emailId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {state.kind === 'idle' && state.error ? <FormMessage kind="error">{state.error}</FormMessage> : null}
      <button type="submit" className="btn btn--primary" disabled={submitting}>
        {submitting ? 'Chargement...' : 'Je m’inscris'}
      </button>
    </form>
  );
}

import type { EventOf } from '@bracelet/contracts';
import type { Mail } from '../mail/mailer.js';
import { durationInFrench } from './durations.js';
import { renderMail } from './layout.js';

export function welcomeMail(event: EventOf<'parent.registered'>, publicUrl: string): Mail {
  return {
    to: event.parent.email,
    subject: 'Bienvenue ! Votre compte est créé',
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      'Votre compte est créé. Vous pouvez maintenant créer le profil de votre enfant et configurer ses bracelets.',
      { link: new URL('/account', publicUrl).toString(), label: 'Accéder à mon compte' },
    ]),
  };
}

/** How long the link was issued for: from the request to its expiry, to the minute. */
const linkValiditySeconds = (event: EventOf<'password.reset_requested'>) =>
  Math.max(60, Math.round((Date.parse(event.expiresAt) - Date.parse(event.occurredAt)) / 60_000) * 60);

export function passwordResetMail(event: EventOf<'password.reset_requested'>): Mail {
  return {
    to: event.parent.email,
    subject: 'Réinitialisation de votre mot de passe',
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      `Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable ${durationInFrench(linkValiditySeconds(event))} et ne fonctionne qu’une fois :`,
      { link: event.resetUrl, label: 'Choisir un nouveau mot de passe' },
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ]),
  };
}

/** Signup with an address that has an account: its owner is told, and offered a reset. */
export function signupAttemptMail(event: EventOf<'parent.signup_attempted'>, publicUrl: string): Mail {
  return {
    to: event.parent.email,
    subject: 'Tentative de création de compte avec votre adresse',
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      'Quelqu’un vient d’essayer de créer un compte avec votre adresse e-mail. Votre compte existe déjà : rien n’a été modifié et votre mot de passe reste le même.',
      'Si c’était vous et que vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau :',
      { link: new URL('/forgot-password', publicUrl).toString(), label: 'Réinitialiser mon mot de passe' },
      'Si ce n’était pas vous, vous n’avez rien à faire.',
    ]),
  };
}

/** Many wrong passwords on an account: its owner is warned (they can still log in). */
export function loginAttackMail(event: EventOf<'parent.login_throttled'>, publicUrl: string): Mail {
  return {
    to: event.parent.email,
    subject: 'Tentatives de connexion à votre compte',
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      `${event.failedAttempts} tentatives de connexion avec un mauvais mot de passe ont été faites sur votre compte en moins de ${event.windowMinutes} minutes. Ces tentatives sont ralenties ; vous pouvez toujours vous connecter avec votre mot de passe.`,
      'Si ce n’était pas vous, choisissez un mot de passe que vous n’utilisez nulle part ailleurs :',
      { link: new URL('/forgot-password', publicUrl).toString(), label: 'Changer mon mot de passe' },
    ]),
  };
}

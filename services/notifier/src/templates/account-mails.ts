import type { EventOf } from '@bracelet/contracts';
import type { Mail } from '../mail/mailer.js';
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

export function passwordResetMail(event: EventOf<'password.reset_requested'>): Mail {
  return {
    to: event.parent.email,
    subject: 'Réinitialisation de votre mot de passe',
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      'Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne fonctionne qu’une fois :',
      { link: event.resetUrl, label: 'Choisir un nouveau mot de passe' },
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ]),
  };
}

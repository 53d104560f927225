import { runCommand } from '@bracelet/service-kit';
import { z } from 'zod';
import { addStaffAccount, listStaffAccounts, removeStaffAccount } from '../use-cases/staff-accounts.js';

/** Where the link points: the product's public address (PUBLIC_URL, as every process reads it). */
const publicUrl = z
  .url()
  .default('http://localhost:3000')
  .parse(process.env.PUBLIC_URL || undefined);

const usage = 'npm run staff -- add --email adresse [--first-name Prénom] [--last-name Nom] | remove --email adresse | list';

/**
 * Staff accounts (the back office's): `--action add` creates one and prints a one-time link for the
 * person to choose their password (72 h, works once, never shown again), `remove` deletes one and
 * its sessions, `list` lists them. Staff accounts are made here only, never by the public signup.
 */
await runCommand({
  name: 'family:staff',
  usage,
  options: {
    action: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
  args: z
    .object({
      action: z.enum(['add', 'remove', 'list'], { message: 'action attendue : add, remove ou list' }),
      email: z.email({ message: '--email doit être une adresse e-mail' }).optional(),
      'first-name': z.string().trim().min(1).max(100).default('Équipe'),
      'last-name': z.string().trim().min(1).max(100).optional(),
    })
    .refine((args) => args.action === 'list' || args.email, { message: '--email est obligatoire pour add et remove' }),
  run: async ({ db, args }) => {
    const say = (line: string) => process.stdout.write(`${line}\n`);
    if (args.action === 'list') {
      const staff = await listStaffAccounts(db);
      if (staff.length === 0) say('Aucun compte de l’équipe.');
      for (const member of staff) say(`${member.email}\t${member.name}\tcréé le ${member.createdAt.toLocaleDateString('fr-FR')}`);
      return;
    }
    const email = args.email as string;
    if (args.action === 'remove') {
      await removeStaffAccount(db, email);
      say(`Compte de l’équipe supprimé : ${email} (ses sessions sont fermées).`);
      return;
    }
    const { token, expiresAt } = await addStaffAccount(db, {
      email,
      firstName: args['first-name'],
      lastName: args['last-name'] ?? email.split('@')[0] ?? 'Atelier',
    });
    const link = new URL('/reset-password', publicUrl);
    link.searchParams.set('token', token);
    say(`Compte de l’équipe créé : ${email}`);
    say(
      `Lien à usage unique pour choisir son mot de passe (valable jusqu’au ${expiresAt.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}) :`,
    );
    say(link.toString());
    say('Il ne sera plus affiché : transmettez-le à la personne. Aucun mot de passe n’ouvre le compte avant.');
  },
});

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { readCapturedMail } from '@bracelet/service-kit/testing';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export async function logIn(page: Page, email: string, password: string) {
  // The login page may still be loading after a redirect: wait for its own form.
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await page.getByLabel('Adresse mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function signUp(page: Page, values: { email: string; password: string; prenom?: string; nom?: string; phone?: string }) {
  await page.getByLabel('Prénom').fill(values.prenom ?? 'Camille');
  await page.getByLabel('Nom', { exact: true }).fill(values.nom ?? 'Durand');
  await page.getByLabel('Adresse mail').fill(values.email);
  await page.getByLabel(/^(Téléphone|Numéro)$/).fill(values.phone ?? '06 12 34 56 78');
  await page.getByLabel('Mot de passe', { exact: true }).fill(values.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** Fills the two-step child form and submits it. */
export async function fillChildForm(page: Page, child: { firstName: string; photo?: string }) {
  await page.getByLabel('Prénom', { exact: true }).fill(child.firstName);
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('Date de naissance').fill('2019-03-14');
  if (child.photo) await page.getByLabel('Photo de profil (facultative)').setInputFiles(child.photo);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByLabel('Prénom du contact').fill('Paul');
  await page.getByLabel('Nom du contact', { exact: true }).fill('Durand');
  await page.getByLabel('Téléphone du contact').fill('06 98 76 54 32');
  await page.getByLabel("Lien avec l'enfant").selectOption('Père');
}

export { eventually } from '@bracelet/service-kit/testing';

/** The messages the development mail catcher wrote for `to`, newest last. */
export const mailsTo = (to: string) => readCapturedMail(join(inject('e2e').dataDir, 'mail'), to);

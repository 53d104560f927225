import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { fillChildForm, logIn, signUp, uniqueEmail } from './family-helpers.js';

const browser = useBrowser();

/** The spec's error messages (§8), as a parent meets them. */
describe('family error messages', () => {
  // A taken address answers like a new one (ADR 010); a number the server refuses is a failure a parent meets.
  it("'Erreur lors de la création du compte.' for a phone number the server refuses", async () => {
    const page = await browser.newPage();
    await page.goto('/signup');
    await signUp(page, { email: uniqueEmail('numero'), password: 'mot de passe solide', phone: '12' });
    await page.getByText('Erreur lors de la création du compte.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await page.context().close();
  });

  it("'Identifiants incorrects.' for a wrong password", async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await logIn(page, inject('e2e').demo.parent.email, 'pas le bon');
    await page.getByText('Identifiants incorrects.').waitFor();
    expect(await page.getByRole('button', { name: 'Se connecter' }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('child form: a future birth date, then a phone the server refuses', async () => {
    const page = await browser.newPage();
    await page.goto('/add-child');
    const { email, password } = inject('e2e').demo.parent;
    await logIn(page, email, password);
    await page.getByRole('heading', { name: 'Ajouter un enfant' }).waitFor();
    await page.getByLabel('Prénom', { exact: true }).fill('Léo');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Date de naissance').fill('2099-01-01');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('La date de naissance ne peut pas être dans le futur.').waitFor();

    await fillChildForm(page, { firstName: 'Léo' });
    await page.getByLabel('Téléphone du contact').fill('12');
    await page.getByRole('button', { name: 'Ajouter le profil' }).click();
    await page.getByText('Une erreur est survenue lors de l’ajout du profil.').waitFor();
    await page.getByText('Numéro de téléphone invalide.').waitFor();
    await page.context().close();
  });

  it("'Impossible de charger les informations de l'enfant.' for a child that is not yours", async () => {
    const page = await browser.newPage();
    await page.goto(`/edit-child-profile/${globalThis.crypto.randomUUID()}`);
    const { email, password } = inject('e2e').demo.parent;
    await logIn(page, email, password);
    await page.getByText("Impossible de charger les informations de l'enfant.").waitFor();
    await page.context().close();
  });
});

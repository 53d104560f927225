import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool } from '@bracelet/service-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { eventually, fillChildForm, logIn, mailsTo, signUp, uniqueEmail } from './family-helpers.js';

const browser = useBrowser();
let photoPath: string;
beforeAll(async () => {
  photoPath = join(mkdtempSync(join(tmpdir(), 'bracelet-photo-')), 'lea.jpg');
  writeFileSync(
    photoPath,
    await sharp({ create: { width: 120, height: 120, channels: 3, background: '#e8772e' } })
      .jpeg()
      .toBuffer(),
  );
});

describe('family journeys', () => {
  it('signup → login → add a child with a photo → see it in the account', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('journey');
    await page.goto('/signup');
    await signUp(page, { email, password: 'mot de passe solide' });
    await page.getByText('Compte créé avec succès !').waitFor();
    await page.waitForURL('**/login', { timeout: 5000 });

    await logIn(page, email, 'mot de passe solide');
    await page.waitForURL('**/account');
    await page.getByText('Connexion réussie!').first().waitFor();
    await page.getByText('Bonjour Camille Durand').waitFor({ state: 'attached' });

    await page.goto('/add-child');
    await fillChildForm(page, { firstName: 'Léa', photo: photoPath });
    await page.getByRole('button', { name: 'Ajouter le profil' }).click();
    await page.getByText('Profil sauvegardé avec succès !').waitFor();
    expect(await page.getByRole('button', { name: 'Profil ajouté' }).isDisabled()).toBe(true);
    await page.waitForURL('**/account', { timeout: 5000 });

    await page.getByRole('combobox', { name: 'Rubrique' }).selectOption('enfants');
    await page.getByText('Léa Durand').waitFor();
    const avatar = page.getByRole('img', { name: 'Léa' });
    await avatar.waitFor();
    expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.context().close();
  });

  it('scan an unconfigured bracelet → register in the wizard → create a profile → associate → see it configured → reset it', async () => {
    const braceletId = inject('e2e').demo.bracelets[1] as string;
    const page = await browser.newPage({ width: 360 });
    await page.goto(`/b/${braceletId}`);
    await page.getByRole('link', { name: 'Configurer mon bracelet' }).click();
    await page.getByRole('heading', { name: 'Créer un compte ou se connecter' }).waitFor();
    await page.getByRole('link', { name: 'Créer un compte' }).click();

    const email = uniqueEmail('wizard');
    await signUp(page, { email, password: 'mot de passe solide', prenom: 'Inès', nom: 'Moreau', phone: '6 11 22 33 44' });
    await page.getByText('✅ Compte créé avec succès !').waitFor();
    await page.getByRole('heading', { name: 'Qui va porter ce bracelet ?' }).waitFor({ timeout: 5000 });
    await page.getByText("Vous n'avez pas encore de profil d'enfant").waitFor();

    await page.getByRole('link', { name: 'Créer un nouveau profil' }).click();
    await page.getByRole('heading', { name: "Création d'un profil d'enfant" }).waitFor();
    await fillChildForm(page, { firstName: 'Noé' });
    await page.getByRole('button', { name: 'Ajouter le profil' }).click();
    await page.getByText('✅ Profil ajouté avec succès !').waitFor();
    await page.getByRole('heading', { name: 'Qui va porter ce bracelet ?' }).waitFor({ timeout: 5000 });

    const associate = page.getByRole('button', { name: 'Associer au bracelet' });
    expect(await associate.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Noé Durand/ }).check();
    await associate.click();
    await page.getByRole('button', { name: 'Bracelet associé' }).waitFor();
    await page.getByRole('heading', { name: 'Votre bracelet a bien été configuré' }).waitFor({ timeout: 5000 });

    await page.getByRole('link', { name: 'Mon compte' }).click();
    await page.getByRole('combobox', { name: 'Rubrique' }).selectOption('bracelets');
    const item = page.locator(`[data-bracelet="${braceletId}"]`);
    await item.getByText('Configuré', { exact: true }).waitFor();
    expect(await item.innerText()).toContain('porté par Noé Durand');

    // The finder's page follows, through events, once scan has the card.
    const finder = await browser.newPage();
    await eventually(async () => {
      await finder.goto(`/b/${braceletId}`);
      const shown = await finder
        .getByRole('heading', { name: 'Contact à joindre' })
        .waitFor({ timeout: 3000 })
        .then(() => true)
        .catch(() => undefined);
      return shown;
    });
    expect(await finder.getByRole('link', { name: 'Appeler' }).getAttribute('href')).toBe('tel:+33698765432');
    await finder.context().close();

    await item.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByText('Bracelet réinitialisé.').waitFor();
    await item.getByText('Non configuré').waitFor();
    await page.getByText('Bracelet réinitialisé.').waitFor({ state: 'detached', timeout: 4000 });
    await page.context().close();
  });

  it('a guarded page sends an anonymous visitor to login and back', async () => {
    const page = await browser.newPage();
    await page.goto('/add-child');
    await page.waitForURL('**/login');
    const { email, password } = inject('e2e').demo.parent;
    await logIn(page, email, password);
    await page.waitForURL('**/add-child');
    await page.getByRole('heading', { name: 'Ajouter un enfant' }).waitFor();
    await page.context().close();
  });

  it('recovers a password through the e-mail caught in .data/mail, whose link works once', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('oubli');
    await page.goto('/signup');
    await signUp(page, { email, password: 'ancien mot de passe' });
    await page.getByText('Compte créé avec succès !').waitFor();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    // The login form (which also has 'Adresse mail') stays on screen while the page loads.
    await page.getByRole('heading', { name: 'Mot de passe oublié ?' }).waitFor();
    await page.getByLabel('Adresse mail').fill(email);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('✅ Un e-mail de réinitialisation vient de vous être envoyé.').waitFor();

    const mail = await eventually(() => mailsTo(email).find((candidate) => candidate.subject.includes('Réinitialisation')));
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link as string);

    await page.goto(`${path.pathname}${path.search}`);
    await page.getByLabel('Nouveau mot de passe').fill('nouveau mot de passe');
    await page.getByLabel('Confirmer le mot de passe').fill('autre chose');
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByText('❌ Les mots de passe ne correspondent pas.').waitFor();
    await page.getByLabel('Confirmer le mot de passe').fill('nouveau mot de passe');
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByText('✅ Votre mot de passe a été réinitialisé avec succès !').waitFor();
    await page.waitForURL('**/login', { timeout: 6000 });
    await logIn(page, email, 'nouveau mot de passe');
    await page.waitForURL('**/account');

    const again = await browser.newPage();
    await again.goto(`${path.pathname}${path.search}`);
    await again.getByLabel('Nouveau mot de passe').fill('troisième essai');
    await again.getByLabel('Confirmer le mot de passe').fill('troisième essai');
    await again.getByRole('button', { name: 'Réinitialiser' }).click();
    await again.getByText('❌ Le lien est invalide ou expiré.').waitFor();
    await again.context().close();
    await page.context().close();

    // The page request was logged, but neither the token it carried nor the passwords typed.
    const token = path.searchParams.get('token') as string;
    const logsDir = join(inject('e2e').dataDir, 'logs');
    const allLogs = () =>
      readdirSync(logsDir)
        .map((name) => readFileSync(join(logsDir, name), 'utf8'))
        .join('\n');
    await eventually(() => (allLogs().includes('/reset-password?token=[redacted]') ? true : undefined));
    const logs = allLogs();
    expect(logs).not.toContain(token);
    for (const secret of ['ancien mot de passe', 'nouveau mot de passe', 'troisième essai']) expect(logs).not.toContain(secret);
  });

  it('signing up with a taken address looks like any signup, changes nothing, and warns the owner by e-mail', async () => {
    const email = uniqueEmail('deja');
    const owner = await browser.newPage();
    await owner.goto('/signup');
    await signUp(owner, { email, password: 'mot de passe du titulaire' });
    await owner.getByText('Compte créé avec succès !').waitFor();
    await owner.context().close();

    const stranger = await browser.newPage();
    await stranger.goto('/signup');
    await signUp(stranger, { email: email.toUpperCase(), password: 'mot de passe intrus', prenom: 'Intrus' });
    await stranger.getByText('Compte créé avec succès !').waitFor();
    await stranger.waitForURL('**/login', { timeout: 6000 });
    await logIn(stranger, email, 'mot de passe intrus');
    await stranger.getByText('Identifiants incorrects.').waitFor();
    await stranger.context().close();

    const warning = await eventually(() =>
      mailsTo(email).find((mail) => mail.subject === 'Tentative de création de compte avec votre adresse'),
    );
    expect(warning.text).toContain('votre mot de passe reste le même');
    expect(warning.text).toMatch(/\/forgot-password/);
    const again = await browser.newPage();
    await again.goto('/login');
    await logIn(again, email, 'mot de passe du titulaire');
    await again.waitForURL('**/account');
    await again.context().close();
  });

  it('logging out ends the session on the server', async () => {
    const page = await browser.newPage();
    const { email, password } = inject('e2e').demo.parent;
    await page.goto('/login');
    await logIn(page, email, password);
    await page.waitForURL('**/account');
    const cookies = await page.context().cookies();
    const sid = cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.httpOnly).toBe(true);

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL('**/homepage');
    await page.getByRole('link', { name: 'Se connecter', includeHidden: true }).first().waitFor({ state: 'attached' });

    // The old cookie, replayed, no longer opens the account.
    const replay = await fetch(new URL('/me', inject('e2e').baseUrl), { headers: { cookie: `sid=${sid?.value}` } });
    expect(await replay.json()).toBeNull();
    await page.goto('/account');
    await page.waitForURL('**/login');
    await page.context().close();
  });
});

describe('caught development mail', () => {
  it('is readable by staff in the back office, and by nobody else', async () => {
    const page = await browser.newPage({ width: 1024 });
    const email = uniqueEmail('bienvenue');
    await page.goto('/signup');
    await signUp(page, { email, password: 'mot de passe solide' });
    await page.getByText('Compte créé avec succès !').waitFor();
    await eventually(() => mailsTo(email)[0]);

    await page.goto('/backoffice/mail');
    // Someone not signed in is sent to the login page, and comes back once signed in.
    await page.waitForURL('**/login');
    const asAnonymous = await fetch(new URL('/backoffice-api/mail', inject('e2e').baseUrl));
    expect(asAnonymous.status).toBe(403);

    const { email: staffEmail, password } = inject('e2e').demo.staff;
    await logIn(page, staffEmail, password);
    await page.waitForURL('**/backoffice/mail');
    const welcome = page.getByRole('button', { name: new RegExp(`Bienvenue.*${email.replace(/[.+]/g, '\\$&')}`, 's') });
    await welcome.click();
    await page.getByRole('article').getByText('Votre compte est créé.').waitFor();
    await page.context().close();
  });
});

describe('messages that could not be delivered', () => {
  const notifier = createPool(inject('e2e').adminUrl, 'notifier', 1);
  afterAll(() => notifier.end());

  it('are shown to staff in the back office with their tries and the last refusal, and to nobody else', async () => {
    // What the notifier leaves after an alert's last try was refused (services/notifier/test/send-once.test.ts).
    const recipient = uniqueEmail('injoignable');
    await notifier.query(
      `INSERT INTO outbound_messages (id, event_id, channel, recipient, template, status, attempts, last_error, given_up_at)
       VALUES ($1, $2, 'email', $3, 'scan-alert', 'undelivered', 12, '550 5.1.1 Adresse inconnue', now())`,
      [globalThis.crypto.randomUUID(), globalThis.crypto.randomUUID(), recipient],
    );
    const asAnonymous = await fetch(new URL('/undelivered_messages', inject('e2e').baseUrl));
    expect(asAnonymous.status).toBe(401);

    const page = await browser.newPage({ width: 1024 });
    await page.goto('/backoffice/mail');
    await page.waitForURL('**/login');
    const { email: staffEmail, password } = inject('e2e').demo.staff;
    await logIn(page, staffEmail, password);
    await page.waitForURL('**/backoffice/mail');
    const section = page.getByRole('region', { name: /Messages non remis/ });
    const line = section.getByRole('listitem').filter({ hasText: recipient });
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      /E-mail — Alerte : bracelet scanné.*abandonné le .* après 12 essais.*Dernière réponse : 550 5\.1\.1 Adresse inconnue/s,
    );
    await page.context().close();
  });
});

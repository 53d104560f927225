import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asParent, registerParent, startFamilyApp } from './family-app.js';

let family: Awaited<ReturnType<typeof startFamilyApp>>;
beforeAll(async () => {
  family = await startFamilyApp();
});
afterAll(() => family.close());

describe('accounts', () => {
  it('registers a parent with the phone in international form and announces it', async () => {
    const parent = await registerParent(family.app);
    const me = await family.app.inject({ url: '/me', headers: asParent(parent.id) });
    expect(me.json()).toMatchObject({ parent_id: parent.id, nom: 'Martin', prenom: 'Camille', telephone: '+33612345678', role: 'parent' });
    const events = await family.db.query("SELECT payload FROM outbox WHERE name = 'parent.registered' AND payload->'parent'->>'id' = $1", [
      parent.id,
    ]);
    expect(events.rows[0]?.payload.parent.email).toBe(parent.email);
  });

  it('refuses bad signup input with French field messages and creates nothing', async () => {
    const response = await family.app.inject({
      method: 'POST',
      url: '/register_parent/',
      payload: { nom: ' ', prenom: 'Y', email: 'pas-une-adresse', telephone: '12', mot_de_passe: 'court' },
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    expect(Object.keys(fields).sort()).toEqual(['email', 'mot_de_passe', 'nom', 'telephone']);
    expect(fields.telephone).toEqual(['Numéro de téléphone invalide.']);
  });

  it('logs in with the spec answer and a server-side session cookie, and logs out for good', async () => {
    const parent = await registerParent(family.app);
    const wrong = await family.app.inject({ method: 'POST', url: '/login/', payload: { email: parent.email, mot_de_passe: 'faux' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Identifiants incorrects.');

    const login = await family.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { email: parent.email.toUpperCase(), mot_de_passe: parent.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      parent_id: parent.id,
      nom: 'Martin',
      prenom: 'Camille',
      email: parent.email,
      telephone: '+33612345678',
      role: 'parent',
    });
    const cookie = login.cookies.find((candidate) => candidate.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const sessionId = cookie?.value as string;

    const resolved = await family.app.inject({ method: 'POST', url: '/internal/sessions/resolve', payload: { sessionId } });
    expect(resolved.json()).toEqual({ identity: { accountId: parent.id, role: 'parent' } });

    const logout = await family.app.inject({ method: 'POST', url: '/logout/', cookies: { sid: sessionId } });
    expect(logout.statusCode).toBe(204);
    const afterLogout = await family.app.inject({ method: 'POST', url: '/internal/sessions/resolve', payload: { sessionId } });
    expect(afterLogout.json()).toEqual({ identity: null });
  });

  it('limits login attempts per client address across accounts', async () => {
    const limited = await startFamilyApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/login/',
          remoteAddress: '198.51.100.7',
          payload: { email: `inconnu-${attempt}@example.com`, mot_de_passe: 'x' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('updates account and delivery details', async () => {
    const parent = await registerParent(family.app);
    const infos = await family.app.inject({
      method: 'POST',
      url: '/update-account-infos',
      headers: asParent(parent.id),
      payload: { parent_id: parent.id, first_name: 'Camille', last_name: 'Durand', phone: '07 81 23 45 67' },
    });
    expect(infos.statusCode).toBe(200);
    const delivery = await family.app.inject({
      method: 'POST',
      url: '/update-delivery-infos',
      headers: asParent(parent.id),
      payload: { parent_id: parent.id, address: '3 rue des Lilas', city: 'Lyon', postal_code: '69003', country: 'France' },
    });
    expect(delivery.statusCode).toBe(200);
    const read = await family.app.inject({ url: `/get-parent-by-id?parent_id=${parent.id}`, headers: asParent(parent.id) });
    expect(read.json()).toEqual({
      parent_id: parent.id,
      first_name: 'Camille',
      last_name: 'Durand',
      email: parent.email,
      phone: '+33781234567',
      address: '3 rue des Lilas',
      city: 'Lyon',
      postal_code: '69003',
      country: 'France',
    });
  });
});

describe('GET /me', () => {
  it('answers null to an anonymous visitor', async () => {
    const response = await family.app.inject({ url: '/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });
});

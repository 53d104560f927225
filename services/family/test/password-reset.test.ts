import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerParent, startFamilyApp } from './family-app.js';

let family: Awaited<ReturnType<typeof startFamilyApp>>;
beforeAll(async () => {
  family = await startFamilyApp();
});
afterAll(() => family.close());

/** The last reset link issued for the address; the link is issued just after the answer, so it is waited for. */
async function lastResetUrl(email: string, waitMs = 3000): Promise<URL | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await family.db.query(
      "SELECT payload FROM outbox WHERE name = 'password.reset_requested' AND payload->'parent'->>'email' = $1 ORDER BY position DESC LIMIT 1",
      [email],
    );
    if (rows[0]) return new URL(rows[0].payload.resetUrl);
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('password recovery', () => {
  it('answers the same whether or not the address has an account', async () => {
    const parent = await registerParent(family.app);
    const known = await family.app.inject({ method: 'POST', url: '/request_password_reset', payload: { email: parent.email } });
    const unknown = await family.app.inject({ method: 'POST', url: '/request_password_reset', payload: { email: 'personne@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe('✅ Un e-mail de réinitialisation vient de vous être envoyé.');
    const url = await lastResetUrl(parent.email);
    expect(await lastResetUrl('personne@example.com', 0)).toBeUndefined();
    expect(url?.origin).toBe('http://shop.test');
    expect(url?.pathname).toBe('/reset-password');
    const token = url?.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await family.db.query('SELECT token_hash FROM password_reset_tokens WHERE token_hash = $1', [token]);
    expect(stored.rowCount).toBe(0); // only its hash is stored
  });

  it('resets once with the link, logs out other sessions, and refuses the link a second time', async () => {
    const parent = await registerParent(family.app);
    const login = await family.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { email: parent.email, mot_de_passe: parent.password },
    });
    const sessionId = login.cookies.find((cookie) => cookie.name === 'sid')?.value as string;
    await family.app.inject({ method: 'POST', url: '/request_password_reset', payload: { email: parent.email } });
    const token = (await lastResetUrl(parent.email))?.searchParams.get('token') as string;

    const reset = await family.app.inject({
      method: 'POST',
      url: '/reset_password/',
      payload: { token, new_password: 'nouveau mot de passe' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('✅ Votre mot de passe a été réinitialisé avec succès !');
    const resolved = await family.app.inject({ method: 'POST', url: '/internal/sessions/resolve', payload: { sessionId } });
    expect(resolved.json()).toEqual({ identity: null });
    const again = await family.app.inject({ method: 'POST', url: '/reset_password/', payload: { token, new_password: 'encore un autre' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('❌ Le lien est invalide ou expiré.');

    const oldPassword = await family.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { email: parent.email, mot_de_passe: parent.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await family.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { email: parent.email, mot_de_passe: 'nouveau mot de passe' },
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const parent = await registerParent(family.app);
    await family.app.inject({ method: 'POST', url: '/request_password_reset', payload: { email: parent.email } });
    const token = (await lastResetUrl(parent.email))?.searchParams.get('token') as string;
    await family.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE account_id = $1", [parent.id]);
    const reset = await family.app.inject({
      method: 'POST',
      url: '/reset_password/',
      payload: { token, new_password: 'nouveau mot de passe' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('mails at most one link every two minutes and five a day per account, whoever asks', async () => {
    const parent = await registerParent(family.app, 'flooded');
    const count = async () =>
      (
        await family.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM outbox WHERE name = 'password.reset_requested' AND payload->'parent'->>'id' = $1",
          [parent.id],
        )
      ).rows[0]?.n;
    await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        family.app.inject({
          method: 'POST',
          url: '/request_password_reset',
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
          payload: { email: parent.email },
        }),
      ),
    );
    expect(await lastResetUrl(parent.email)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count()).toBe(1);

    const daily = await startFamilyApp({ RESET_MAIL_INTERVAL_SECONDS: '1', RESET_MAILS_PER_DAY: '2' });
    try {
      const other = await registerParent(daily.app, 'daily');
      for (let request = 0; request < 4; request += 1) {
        await daily.app.inject({ method: 'POST', url: '/request_password_reset', payload: { email: other.email } });
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
      const sent = await daily.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox WHERE name = 'password.reset_requested' AND payload->'parent'->>'id' = $1",
        [other.id],
      );
      expect(sent.rows[0]?.n).toBe(2);
    } finally {
      await daily.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../src/login-throttle.js';
import { registerParent, startFamilyApp } from './family-app.js';

let family: Awaited<ReturnType<typeof startFamilyApp>>;
beforeAll(async () => {
  family = await startFamilyApp();
});
afterAll(() => family.close());

const login = (email: string, password: string, address: string) =>
  family.app.inject({
    method: 'POST',
    url: '/login/',
    headers: { 'x-forwarded-for': address },
    payload: { email, mot_de_passe: password },
  });

const outboxCount = async (name: string, parentId: string) =>
  (
    await family.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE name = $1 AND payload->'parent'->>'id' = $2", [
      name,
      parentId,
    ])
  ).rows[0]?.n;

describe('login throttling: strangers cannot lock a parent out', () => {
  it('lets the owner log in after eight wrong passwords from eight addresses', async () => {
    const parent = await registerParent(family.app, 'owner');
    for (let index = 1; index <= 8; index += 1) {
      expect((await login(parent.email, `devine-${index}`, `203.0.113.${index}`)).statusCode).toBe(401);
    }
    const owner = await login(parent.email.toUpperCase(), parent.password, '198.51.100.20');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().parent_id).toBe(parent.id);
  });

  it('throttles one address guessing one account, even for the right password, and in any spelling', async () => {
    const parent = await registerParent(family.app, 'guessed');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const spelling = attempt % 2 === 0 ? parent.email : `  ${parent.email.toUpperCase()} `;
      statuses.push((await login(spelling, `faux-${attempt}`, '192.0.2.50')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const right = await login(parent.email, parent.password, '192.0.2.50');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect(right.json().error.message).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
    // The owner, elsewhere, is not affected.
    expect((await login(parent.email, parent.password, '192.0.2.51')).statusCode).toBe(200);
  });

  it('makes addresses that keep failing wait longer once an account is under attack, never a clean one', async () => {
    const slow = await startFamilyApp({ LOGIN_SLOWDOWN_AFTER: '3', LOGIN_WARN_OWNER_AFTER: '1000' });
    try {
      const parent = await registerParent(slow.app, 'slowed');
      const attempt = (address: string, password = 'faux') =>
        slow.app.inject({
          method: 'POST',
          url: '/login/',
          headers: { 'x-forwarded-for': address },
          payload: { email: parent.email, mot_de_passe: password },
        });
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) expect((await attempt(address)).statusCode).toBe(401);
      // The account has 4 failures (over 3): an address that failed must now wait before its next try.
      const again = await attempt('10.0.0.4');
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(again.json().error.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ secondes?\.$/);
      // An address without failures of its own gets in with the right password at once.
      expect((await attempt('10.0.0.99', parent.password)).statusCode).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('warns the owner by e-mail once when many wrong passwords hit the account', async () => {
    const warned = await startFamilyApp({ LOGIN_WARN_OWNER_AFTER: '4' });
    try {
      const parent = await registerParent(warned.app, 'attacked');
      for (let index = 1; index <= 6; index += 1) {
        await warned.app.inject({
          method: 'POST',
          url: '/login/',
          headers: { 'x-forwarded-for': `203.0.113.${100 + index}` },
          payload: { email: parent.email, mot_de_passe: `faux-${index}` },
        });
      }
      const events = await warned.db.query(
        "SELECT payload FROM outbox WHERE name = 'parent.login_throttled' AND payload->'parent'->>'id' = $1",
        [parent.id],
      );
      expect(events.rows).toHaveLength(1);
      expect(events.rows[0]?.payload).toMatchObject({ failedAttempts: 4, windowMinutes: 15, parent: { email: parent.email } });
    } finally {
      await warned.close();
    }
  });

  it('closes an account under a massive attack to addresses it never logged in from, not to the owner’s', async () => {
    const closing = await startFamilyApp({ LOGIN_CLOSE_TO_STRANGERS_AFTER: '5', LOGIN_SLOWDOWN_AFTER: '1000' });
    try {
      const parent = await registerParent(closing.app, 'besieged');
      const attempt = (address: string, password: string) =>
        closing.app.inject({
          method: 'POST',
          url: '/login/',
          headers: { 'x-forwarded-for': address },
          payload: { email: parent.email, mot_de_passe: password },
        });
      expect((await attempt('198.51.100.1', parent.password)).statusCode).toBe(200);
      for (let index = 1; index <= 5; index += 1) expect((await attempt(`203.0.113.${200 + index}`, 'faux')).statusCode).toBe(401);
      expect((await attempt('203.0.113.250', parent.password)).statusCode).toBe(429);
      expect((await attempt('198.51.100.1', parent.password)).statusCode).toBe(200);
    } finally {
      await closing.close();
    }
  });
});

describe('login throttling holds against attempts sent together', () => {
  it('counts attempts sent at the same moment: one address gets five guesses, not thirty', async () => {
    const parent = await registerParent(family.app, 'raced');
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_unused, index) =>
        login(parent.email, `faux-${index}`, '192.0.2.99').then((response) => response.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('lets the owner in from a new address after a massive attack, once they reset the password through the e-mailed link', async () => {
    const besieged = await startFamilyApp({ LOGIN_CLOSE_TO_STRANGERS_AFTER: '6', LOGIN_SLOWDOWN_AFTER: '1000' });
    try {
      const parent = await registerParent(besieged.app, 'reset-way-in');
      const attempt = (address: string, password: string) =>
        besieged.app.inject({
          method: 'POST',
          url: '/login/',
          headers: { 'x-forwarded-for': address },
          payload: { email: parent.email, mot_de_passe: password },
        });
      for (let index = 1; index <= 6; index += 1) await attempt(`203.0.113.${index}`, 'faux');
      expect((await attempt('198.51.100.77', parent.password)).statusCode).toBe(429);
      await besieged.app.inject({ method: 'POST', url: '/request_password_reset', payload: { email: parent.email } });
      let rows: Array<{ payload: { resetUrl: string } }> = [];
      for (let tries = 0; rows.length === 0 && tries < 60; tries += 1) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        ({ rows } = await besieged.db.query(
          "SELECT payload FROM outbox WHERE name = 'password.reset_requested' AND payload->'parent'->>'id' = $1 ORDER BY position DESC LIMIT 1",
          [parent.id],
        ));
      }
      const token = new URL(rows[0]?.payload.resetUrl as string).searchParams.get('token');
      const reset = await besieged.app.inject({
        method: 'POST',
        url: '/reset_password/',
        headers: { 'x-forwarded-for': '198.51.100.77' },
        payload: { token, new_password: 'un tout nouveau mot de passe' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await attempt('198.51.100.77', 'un tout nouveau mot de passe')).statusCode).toBe(200);
    } finally {
      await besieged.close();
    }
  });

  it('counts an IPv6 client by its /64', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('signup does not tell who has an account', () => {
  const signup = (email: string, password: string) =>
    family.app.inject({
      method: 'POST',
      url: '/register_parent/',
      payload: { nom: 'Autre', prenom: 'Personne', email, telephone: '+33612345678', mot_de_passe: password },
    });

  it('answers a taken address exactly like a new one, changes nothing, and warns its owner once an hour', async () => {
    const parent = await registerParent(family.app, 'taken');
    const fresh = await signup(`nouveau-${Date.now()}@example.com`, 'un autre mot de passe');
    const taken = await signup(`  ${parent.email.toUpperCase()}  `, 'un autre mot de passe');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual(fresh.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const count = await family.db.query('SELECT count(*)::int AS n FROM accounts WHERE lower(email) = lower($1)', [parent.email]);
    expect(count.rows[0]?.n).toBe(1);
    expect((await login(parent.email, 'un autre mot de passe', '192.0.2.80')).statusCode).toBe(401);
    expect((await login(parent.email, parent.password, '192.0.2.80')).statusCode).toBe(200);

    expect(await outboxCount('parent.signup_attempted', parent.id)).toBe(1);
    await signup(parent.email, 'encore un autre essai');
    expect(await outboxCount('parent.signup_attempted', parent.id)).toBe(1);
  });
});

describe('child forms that are not well-formed', () => {
  it('answer 400 (never 500) and create nothing: no boundary, another boundary, a cut body, NUL in a field', async () => {
    const { asParent, childFields, multipart } = await import('./family-app.js');
    const parent = await registerParent(family.app, 'forms');
    const good = multipart(childFields());
    const boundary = /boundary=(.*)$/.exec(good.headers['content-type'])?.[1] as string;
    const cases = [
      { name: 'no boundary', contentType: 'multipart/form-data', payload: good.payload },
      { name: 'another boundary', contentType: 'multipart/form-data; boundary=autre', payload: good.payload },
      { name: 'cut short', contentType: good.headers['content-type'], payload: good.payload.subarray(0, good.payload.length - 30) },
      {
        name: 'no closing',
        contentType: good.headers['content-type'],
        payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nLéa`),
      },
      {
        name: 'NUL in a field',
        ...(({ payload, headers }) => ({ payload, contentType: headers['content-type'] }))(
          multipart(childFields({ first_name: 'L\u0000a' })),
        ),
      },
    ];
    for (const { name, contentType, payload } of cases) {
      const response = await family.app.inject({
        method: 'POST',
        url: '/add_child_profile/',
        headers: { ...asParent(parent.id), 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.message, name).toMatch(/^(Formulaire invalide|Requête invalide)/);
    }
    const children = await family.db.query('SELECT count(*)::int AS n FROM children WHERE parent_id = $1', [parent.id]);
    expect(children.rows[0]?.n).toBe(0);
  });
});

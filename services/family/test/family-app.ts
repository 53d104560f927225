import { randomUUID } from 'node:crypto';
import { encodeIdentity } from '@bracelet/service-kit';
import { buildServiceForTest } from '@bracelet/service-kit/testing';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';

export const identitySecret = 'family-test-identity-secret-000000000';

/** Family's app on this run's database and Redis, as the gateway would call it. */
export function startFamilyApp(overrides: Record<string, string> = {}) {
  const { serviceUrls, redisUrl } = inject('integration');
  return buildServiceForTest({
    name: 'family',
    configSchema,
    buildApp,
    env: {
      DATABASE_URL: serviceUrls.family,
      DATABASE_SCHEMA: 'family',
      REDIS_URL: redisUrl,
      IDENTITY_SECRET: identitySecret,
      PUBLIC_URL: 'http://shop.test',
      // Tests share one client address; the per-address limit has its own test.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      ...overrides,
    },
  });
}

export const asParent = (accountId: string) => ({ 'x-identity': encodeIdentity({ accountId, role: 'parent' }, identitySecret) });

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; content: Buffer }) {
  const boundary = `----bracelet${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const childFields = (overrides: Record<string, string> = {}) => ({
  first_name: 'Léa',
  surname: 'Martin',
  birth_date: '2018-05-04',
  emergency_first_name: 'Paul',
  emergency_surname: 'Martin',
  emergency_phone: '06 12 34 56 78',
  relationship: 'Père',
  ...overrides,
});

let counter = 0;
/** Registers a parent through the API and returns its id and credentials. */
export async function registerParent(app: Awaited<ReturnType<typeof startFamilyApp>>['app'], label = 'parent') {
  counter += 1;
  const email = `${label}-${counter}-${randomUUID().slice(0, 6)}@example.com`;
  const password = 'un mot de passe solide';
  const response = await app.inject({
    method: 'POST',
    url: '/register_parent/',
    payload: { nom: 'Martin', prenom: 'Camille', email, telephone: '+33 6 12 34 56 78', mot_de_passe: password },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  // Signup answers alike for every address; the account's id comes with the login.
  const login = await app.inject({ method: 'POST', url: '/login/', payload: { email, mot_de_passe: password } });
  if (login.statusCode !== 200) throw new Error(`login after register failed: ${login.body}`);
  return { id: login.json().parent_id as string, email, password };
}

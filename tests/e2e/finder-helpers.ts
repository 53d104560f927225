import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { eventually, uniqueEmail } from './family-helpers.js';

const base = () => inject('e2e').baseUrl;

/** A parent with a child wearing `braceletId`, set up through the public API as the frontend would. */
export async function configureBracelet(braceletId: string, contactPhone: string, photo?: Blob) {
  const email = uniqueEmail('finder');
  const password = 'mot de passe solide';
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await fetch(
    new URL('/register_parent/', base()),
    json({ nom: 'Roux', prenom: 'Julie', email, telephone: '+33612345678', mot_de_passe: password }),
  );
  expect(registered.status).toBe(201);
  const login = await fetch(new URL('/login/', base()), json({ email, mot_de_passe: password }));
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const parentId = ((await login.json()) as { parent_id: string }).parent_id;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    first_name: 'Léa',
    surname: 'Roux',
    birth_date: '2019-03-14',
    emergency_first_name: 'Marc',
    emergency_surname: 'Dupont',
    emergency_phone: contactPhone,
    relationship: 'Père',
    parent_id: parentId,
  })) {
    form.append(name, value);
  }
  if (photo) form.append('photo', photo, 'lea.jpg');
  const child = await fetch(new URL('/add_child_profile/', base()), { method: 'POST', headers: { cookie }, body: form });
  expect(child.status).toBe(201);
  const childId = ((await child.json()) as { id: string }).id;
  const associated = await fetch(new URL('/associate_child_to_bracelet/', base()), {
    ...json({ child_id: childId, bracelet_id: braceletId, parent_id: parentId }),
    headers: { 'content-type': 'application/json', cookie },
  });
  expect(associated.status).toBe(200);
  // scan learns of it through events
  await eventually(async () => {
    const card = await fetch(new URL(`/get_child_by_bracelet/${braceletId}`, base()), { headers: { cookie } });
    return ((await card.json()) as { bracelet: { configured: string } }).bracelet.configured === '1' || undefined;
  });
  return { email, cookie, childId, parentId };
}

/** The SMS the product sent to `phone` (the log provider's files). */
export const smsTo = (phone: string) => {
  const dir = join(inject('e2e').dataDir, 'sms');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string; text: string })
    .filter((sms) => sms.to === phone);
};

import type pg from 'pg';

/**
 * Families set up as parents do it, through the product's public API: an account, one child per
 * bracelet (each with an emergency contact number of its own, so each alert's SMS is told apart),
 * each bracelet linked to its child.
 */
const json = (body: unknown, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** The emergency contact number of the bracelet at `index` (unique per bracelet). */
export const contactPhoneOf = (index: number) => `+3361${String(index).padStart(7, '0')}`;

export async function configureFamily(baseUrl: string, label: string, bracelets: Array<{ id: string; index: number }>): Promise<void> {
  const email = `famille-${label}@example.com`;
  const password = 'mot de passe de la famille';
  await expectStatus(
    await fetch(
      new URL('/register_parent/', baseUrl),
      json({ nom: 'Durand', prenom: 'Parent', email, telephone: '+33612345678', mot_de_passe: password }),
    ),
    201,
    'register',
  );
  const login = await expectStatus(await fetch(new URL('/login/', baseUrl), json({ email, mot_de_passe: password })), 200, 'login');
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const parentId = ((await login.json()) as { parent_id: string }).parent_id;
  for (const { id, index } of bracelets) {
    const form = new FormData();
    for (const [field, value] of Object.entries({
      first_name: `Enfant${index}`,
      surname: 'Durand',
      birth_date: '2019-03-14',
      emergency_first_name: 'Contact',
      emergency_surname: 'Durand',
      emergency_phone: contactPhoneOf(index),
      relationship: 'Autre',
      parent_id: parentId,
    })) {
      form.append(field, value);
    }
    const child = await expectStatus(
      await fetch(new URL('/add_child_profile/', baseUrl), { method: 'POST', headers: { cookie }, body: form }),
      201,
      'child',
    );
    const childId = ((await child.json()) as { id: string }).id;
    await expectStatus(
      await fetch(
        new URL('/associate_child_to_bracelet/', baseUrl),
        json({ child_id: childId, bracelet_id: id, parent_id: parentId }, cookie),
      ),
      200,
      'associate',
    );
  }
}

/** Families of `perFamily` bracelets, `parallel` of them set up at a time. */
export async function configureFamilies(
  baseUrl: string,
  label: string,
  bracelets: string[],
  { perFamily = 20, parallel = 4 }: { perFamily?: number; parallel?: number } = {},
): Promise<void> {
  const families: Array<Array<{ id: string; index: number }>> = [];
  for (let start = 0; start < bracelets.length; start += perFamily) {
    families.push(bracelets.slice(start, start + perFamily).map((id, offset) => ({ id, index: start + offset })));
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < families.length) {
        const family = next;
        next += 1;
        await configureFamily(baseUrl, `${label}-${family}`, families[family] as Array<{ id: string; index: number }>);
      }
    }),
  );
}

/** The body of a guest's order of one Sable rope bracelet, as the checkout page sends it. */
export const orderFor = (email: string) => ({
  items: [{ code: 'BRACELET_CORDE', color: 'Sable', quantity: 1 }],
  shipping_method: 'laposte',
  delivery_option: 'standard',
  customer: { first_name: 'Camille', last_name: 'Martin', email, address: '12 rue des Lilas', city: 'Lyon', postal_code: '69003' },
});

/** Waits until `sql` (one count, `$1` the bracelets) counts them all: events reach the other services through outboxes and queues. */
export async function waitUntilCounted(admin: pg.Pool, what: string, sql: string, bracelets: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await admin.query<{ count: string }>(sql, [bracelets]);
    if (Number(rows[0]?.count) === bracelets.length) return;
    if (Date.now() > deadline) throw new Error(`${what}: only ${rows[0]?.count} of ${bracelets.length} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@bracelet/devstack';

/** Sets the product up as a family would, through its public API: a parent, children, bracelets. */
export async function createFamily(baseUrl: string, braceletIds: string[]) {
  const json = (body: unknown, cookie?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const email = `bench-${Date.now()}@example.com`;
  const password = 'mot de passe de banc';
  const registered = await fetch(
    new URL('/register_parent/', baseUrl),
    json({ nom: 'Banc', prenom: 'Essai', email, telephone: '+33612345678', mot_de_passe: password }),
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await fetch(new URL('/login/', baseUrl), json({ email, mot_de_passe: password }));
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const parentId = ((await login.json()) as { parent_id: string }).parent_id;
  const childNames: string[] = [];
  for (const [index, braceletId] of braceletIds.entries()) {
    const name = `Enfant${index}`;
    const form = new FormData();
    for (const [field, value] of Object.entries({
      first_name: name,
      surname: 'Banc',
      birth_date: '2019-03-14',
      emergency_first_name: 'Contact',
      emergency_surname: 'Banc',
      emergency_phone: '+33655555555',
      relationship: 'Autre',
      parent_id: parentId,
    })) {
      form.append(field, value);
    }
    const child = await fetch(new URL('/add_child_profile/', baseUrl), { method: 'POST', headers: { cookie }, body: form });
    const childId = ((await child.json()) as { id: string }).id;
    const associated = await fetch(
      new URL('/associate_child_to_bracelet/', baseUrl),
      json({ child_id: childId, bracelet_id: braceletId, parent_id: parentId }, cookie),
    );
    if (associated.status !== 200) throw new Error(`associate: ${associated.status}`);
    childNames.push(name);
  }
  return { email, childNames };
}

/** New bracelet ids, minted with the product's own command against the running product's data. */
export function mint(dataDir: string, count: number): string[] {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts/mint.ts'), '--count', String(count), '--label', 'bench'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`mint failed: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean);
}

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@bracelet/devstack';

/** Sets the product up as a family would, through its public API: a parent, children, bracelets. */
/** A parent whose children wear `braceletIds`; with `photo`, each child has it (the card then shows it, as most do). */
export async function createFamily(baseUrl: string, braceletIds: string[], { photo }: { photo?: Blob } = {}) {
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
    if (photo) form.append('photo', photo, 'enfant.jpg');
    const child = await fetch(new URL('/add_child_profile/', baseUrl), { method: 'POST', headers: { cookie }, body: form });
    const childId = ((await child.json()) as { id: string }).id;
    const associated = await fetch(
      new URL('/associate_child_to_bracelet/', baseUrl),
      json({ child_id: childId, bracelet_id: braceletId, parent_id: parentId }, cookie),
    );
    if (associated.status !== 200) throw new Error(`associate: ${associated.status}`);
    childNames.push(name);
  }
  return { email, childNames, cookie };
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

/** `count` paid orders in fulfilment's list (bench/seed-orders.ts, on the running product's data). */
export function seedOrders(dataDir: string, count: number): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/seed-orders.ts'), String(count)], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed-orders: ${result.stderr}`);
}

/**
 * The back office's list of orders as staff open it: the first page, filtered by status, and
 * searched by number; each asked `runs` times one after another through the gateway.
 */
export async function measureOrdersList(baseUrl: string, staff: { email: string; password: string }, search: string, runs = 50) {
  const login = await fetch(new URL('/login/', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, mot_de_passe: staff.password }),
  });
  if (login.status !== 200) throw new Error(`staff login: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const timed = async (path: string) => {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < 5 + runs; run += 1) {
      const started = performance.now();
      const response = await fetch(new URL(path, baseUrl), { headers: { cookie } });
      const orders = (await response.json()) as unknown[];
      if (response.status !== 200 || orders.length === 0) throw new Error(`${path}: ${response.status}, ${orders.length} orders`);
      total = Number(response.headers.get('x-total-count'));
      if (run >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] as number;
    return { total, p50Ms: at(50), p99Ms: at(99) };
  };
  return {
    firstPage: await timed('/orders'),
    toPrepare: await timed('/orders?status=to_prepare'),
    search: await timed(`/orders?q=${encodeURIComponent(search)}`),
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@bracelet/devstack';
import { readCapturedMail } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnRedis } from '../integration/helpers.js';
import { provideInfrastructure, type TestInfrastructure } from '../setup/infrastructure.js';

/**
 * `npm start` as a newcomer runs it (scripts/start.ts), on this run's own database and a Redis the
 * test owns: a notifier killed with SIGKILL is restarted and the alert of a scan made meanwhile
 * arrives; Ctrl-C with Redis stopped returns to the prompt within 15 s (issue 15).
 */
let infrastructure: TestInfrastructure;
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let start: ChildProcess;
let output = '';
const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-npm-start-'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs / 1000} s; npm start said:\n${output}`);
    await sleep(200);
  }
}

/** The pid of one of this npm start's product processes, found as an operator would (ps). */
function pidOf(entry: string): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!commandLine.includes(entry)) continue;
      if (readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) return Number(name);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return undefined;
}

beforeAll(async () => {
  infrastructure = await provideInfrastructure('npmstart');
  redis = await startOwnRedis();
  // Its own process group, as a terminal runs it: Ctrl-C reaches npm start and its children.
  start = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/start.ts')], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: infrastructure.adminUrl,
      REDIS_URL: redis.url,
      DB_ROLE_SECRET: infrastructure.roleSecret,
      PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  start.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitFor('npm start to be ready', () => (output.includes('✔ Prêt') ? true : undefined), 150_000);
}, 180_000);

afterAll(async () => {
  if (start.exitCode === null && start.signalCode === null) {
    const exited = new Promise((resolve) => start.once('exit', resolve));
    process.kill(-(start.pid as number), 'SIGKILL');
    await exited;
  }
  await redis.stop().catch(() => undefined);
  await infrastructure.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start supervises the product', () => {
  it('restarts a notifier killed with SIGKILL, says so, and the alert of a scan made meanwhile arrives', async () => {
    const baseUrl = /✔ Prêt en \d+ s : (\S+)/.exec(output)?.[1] as string;
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')) as {
      parent: { email: string; password: string };
      bracelets: string[];
    };
    const braceletId = demo.bracelets[0] as string;
    const post = (path: string, body: unknown, cookie?: string) =>
      fetch(new URL(path, baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const login = await post('/login/', { email: demo.parent.email, mot_de_passe: demo.parent.password });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const parentId = ((await login.json()) as { parent_id: string }).parent_id;
    const form = new FormData();
    for (const [field, value] of Object.entries({
      first_name: 'Louise',
      surname: 'Martin',
      birth_date: '2019-03-14',
      emergency_first_name: 'Paul',
      emergency_surname: 'Martin',
      emergency_phone: '+33655555555',
      relationship: 'Père',
      parent_id: parentId,
    })) {
      form.append(field, value);
    }
    const child = await fetch(new URL('/add_child_profile/', baseUrl), { method: 'POST', headers: { cookie }, body: form });
    expect(child.status).toBe(201);
    const childId = ((await child.json()) as { id: string }).id;
    expect(
      (await post('/associate_child_to_bracelet/', { child_id: childId, bracelet_id: braceletId, parent_id: parentId }, cookie)).status,
    ).toBe(200);
    // The parent's own lookups are not a finder's scans: they only show when the card is ready.
    await waitFor(
      'the bracelet configured',
      async () => {
        const card = (await (await fetch(new URL(`/get_child_by_bracelet/${braceletId}`, baseUrl), { headers: { cookie } })).json()) as {
          bracelet?: { configured: string };
        };
        return card.bracelet?.configured === '1' ? true : undefined;
      },
      30_000,
    );

    const notifier = pidOf('services/notifier/src/server.ts');
    expect(notifier).toBeDefined();
    process.kill(notifier as number, 'SIGKILL');
    // A finder scans while the notifier is down: the page answers, the alert waits in the queue.
    const scan = await fetch(new URL(`/get_child_by_bracelet/${braceletId}`, baseUrl));
    expect(scan.status).toBe(200);
    expect(((await scan.json()) as { child: { first_name: string } }).child.first_name).toBe('Louise');

    await waitFor('the restart announced', () => (output.includes('[notifier] redémarré') ? true : undefined), 20_000);
    expect(output).toContain("[notifier] s'est arrêté de façon inattendue (signal SIGKILL)");
    const restarted = pidOf('services/notifier/src/server.ts');
    expect(restarted).toBeDefined();
    expect(restarted).not.toBe(notifier);
    const alert = await waitFor(
      'the alert e-mail',
      () => readCapturedMail(join(dataDir, 'mail'), demo.parent.email).find((mail) => mail.subject?.includes('Louise')),
      30_000,
    );
    expect(alert.text).toContain('Louise');
  }, 120_000);

  it('returns to the prompt within 15 s of Ctrl-C while Redis is stopped', async () => {
    await redis.stop();
    await sleep(1000);
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    const pressed = Date.now();
    process.kill(-(start.pid as number), 'SIGINT');
    const code = await Promise.race([exited, sleep(20_000).then(() => 'still running' as const)]);
    const seconds = (Date.now() - pressed) / 1000;
    expect(code, output).toBe(0);
    expect(seconds).toBeLessThan(15);
    expect(output).toContain('Arrêté.');
    // Ctrl-C reached every process: their exits were expected, none announced as a crash or restarted.
    expect(output.split("s'est arrêté de façon inattendue")).toHaveLength(2);
    expect(output.split('redémarré (')).toHaveLength(2);
    // Nothing of the product is left running.
    expect(pidOf('services/notifier/src/server.ts')).toBeUndefined();
    expect(pidOf('services/gateway/src/server.ts')).toBeUndefined();
  }, 60_000);
});

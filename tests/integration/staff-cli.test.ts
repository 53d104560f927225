import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@bracelet/devstack';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { hashSecret } from '../../services/family/src/db/sessions.repository.js';
import { servicePool } from './helpers.js';

const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-staff-'));
const family = servicePool('family');
afterAll(async () => {
  await family.end();
  rmSync(dataDir, { recursive: true, force: true });
});

function staff(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/staff.ts'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: inject('integration').adminUrl,
      DATA_DIR: dataDir,
      DB_ROLE_SECRET: inject('integration').roleSecret,
    },
    timeout: 60_000,
  });
}

describe('npm run staff', () => {
  it('adds a staff account opened by a one-time link, lists it, refuses a second, removes it with its sessions', async () => {
    const email = `atelier-${globalThis.crypto.randomUUID().slice(0, 8)}@example.fr`;
    const added = staff('add', '--email', email);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain(`Compte de l’équipe créé : ${email}`);
    expect(added.stdout).not.toContain('Mot de passe :');
    // The person chooses their own password through the reset page; the link works once, for 72 h.
    const token = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(added.stdout)?.[1] as string;
    expect(token).toBeDefined();
    const { rows } = await family.query('SELECT id, role FROM accounts WHERE email = $1', [email]);
    expect(rows[0]?.role).toBe('staff');
    const link = await family.query(
      "SELECT used_at, expires_at > now() + interval '71 hours' AS lasts FROM password_reset_tokens WHERE account_id = $1 AND token_hash = $2",
      [rows[0]?.id, hashSecret(token)],
    );
    expect(link.rows).toEqual([{ used_at: null, lasts: true }]);
    // Another account gets another link.
    const other = staff('add', '--email', `autre-${email}`);
    expect(/token=([A-Za-z0-9_-]{43})/.exec(other.stdout)?.[1]).not.toBe(token);

    const listed = staff('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(email);

    const again = staff('add', '--email', email);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`Un compte de l’équipe existe déjà pour ${email}.`);

    await family.query("INSERT INTO sessions (id_hash, account_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [
      `test-${email}`,
      rows[0]?.id,
    ]);
    const removed = staff('remove', '--email', email);
    expect(removed.status, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`Compte de l’équipe supprimé : ${email}`);
    expect((await family.query('SELECT 1 FROM accounts WHERE email = $1', [email])).rowCount).toBe(0);
    expect((await family.query('SELECT 1 FROM sessions WHERE account_id = $1', [rows[0]?.id])).rowCount).toBe(0);
    expect(staff('list').stdout).not.toContain(`\n${email}\t`);
  }, 120_000);

  it('never turns a parent into staff nor removes a parent, and explains its usage in French', async () => {
    const email = `parent-${globalThis.crypto.randomUUID().slice(0, 8)}@example.fr`;
    await family.query(
      "INSERT INTO accounts (id, role, email, password_hash, first_name, last_name) VALUES ($1, 'parent', $2, 'x', 'Camille', 'Martin')",
      [globalThis.crypto.randomUUID(), email],
    );
    const add = staff('add', '--email', email);
    expect(add.status).toBe(1);
    expect(add.stderr).toContain('est celle d’un compte parent');
    const remove = staff('remove', '--email', email);
    expect(remove.status).toBe(1);
    expect(remove.stderr).toContain('est un compte parent');
    expect((await family.query('SELECT role FROM accounts WHERE email = $1', [email])).rows).toEqual([{ role: 'parent' }]);

    for (const args of [[], ['promote'], ['add'], ['add', '--email', 'pas-une-adresse']]) {
      const wrong = staff(...args);
      expect(wrong.status, args.join(' ')).toBe(2);
      expect(wrong.stderr).toContain('Usage : npm run staff -- add --email');
      expect(wrong.stdout).toBe('');
    }
  }, 120_000);
});

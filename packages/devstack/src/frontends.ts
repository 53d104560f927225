import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { frontendNames } from '@bracelet/contracts/values';
import { repoRoot } from './processes-table.js';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** A frontend's build is stale when it is missing or older than any source it is built from. */
export function staleFrontends(): string[] {
  const sharedSources = Math.max(
    newestMtime(join(repoRoot, 'packages/ui/src')),
    newestMtime(join(repoRoot, 'packages/contracts/src')),
    newestMtime(join(repoRoot, 'frontends/federation.ts')),
    newestMtime(join(repoRoot, 'frontends/remote-page.ts')),
    newestMtime(join(repoRoot, 'package-lock.json')),
  );
  return frontendNames.filter((name) => {
    const marker = join(repoRoot, 'frontends', name, 'dist', name === 'shell' ? 'index.html' : 'assets/remoteEntry.js');
    if (!existsSync(marker)) return true;
    const builtAt = statSync(marker).mtimeMs;
    return Math.max(sharedSources, newestMtime(join(repoRoot, 'frontends', name))) > builtAt;
  });
}

/** Builds the frontends that need it (Vite), one after the other: the machine may have 2 cores. */
export async function buildFrontends(names: readonly string[], log: (message: string) => void): Promise<void> {
  for (const name of names) {
    log(`Construction du frontend ${name}…`);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        cwd: join(repoRoot, 'frontends', name),
        stdio: ['ignore', 'ignore', 'pipe'],
        // Always a production build, even when started from a test runner that sets NODE_ENV=test.
        env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      });
      let errors = '';
      child.stderr.on('data', (chunk) => {
        errors += chunk;
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of ${name} failed:\n${errors}`))));
    });
  }
}

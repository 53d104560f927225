import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The finder's page stays light (ARCHITECTURE.md): nothing it imports at run time may reach zod or
 * the contracts' schema modules. It builds its calls with `@bracelet/contracts/endpoints` and takes
 * the answers' shapes as types only. This walks its imports in the sources, type imports left out.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../../../..');
const workspaces: Record<string, string> = {
  '@bracelet/contracts': join(repoRoot, 'packages/contracts'),
  '@bracelet/ui': join(repoRoot, 'packages/ui'),
  '@bracelet/finder-card': join(repoRoot, 'packages/finder-card'),
};

/** Run-time imports of a module's source: `import type`, `export type` and `import { type X }`-only lines left out. */
function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)) {
    const [, , clause = '', specifier, bare] = match;
    if (bare) {
      specifiers.push(bare);
      continue;
    }
    if (/^type\s/.test(clause)) continue;
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(',').every((name) => !name.trim() || name.trim().startsWith('type '))) continue;
    specifiers.push(specifier as string);
  }
  return specifiers;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
    return ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find(existsSync);
  }
  const workspace = Object.keys(workspaces).find((name) => specifier === name || specifier.startsWith(`${name}/`));
  if (!workspace) return undefined;
  const root = workspaces[workspace] as string;
  const exports = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;
  const target = exports[`.${specifier.slice(workspace.length)}`];
  if (!target) throw new Error(`${specifier} is not exported`);
  return join(root, target);
}

/** Every module and package the file reaches at run time. */
function reachedFrom(entry: string): { modules: string[]; packages: string[] } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (modules.has(file) || !/\.tsx?$/.test(file)) continue;
    modules.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier);
      if (target) pending.push(target);
      else packages.add(specifier);
    }
  }
  return { modules: [...modules].map((file) => file.slice(repoRoot.length + 1)), packages: [...packages] };
}

describe("the finder's page", () => {
  it('reaches neither zod nor the schemas at run time', () => {
    const { modules, packages } = reachedFrom(join(here, 'ScanPage.tsx'));
    expect(modules).toContain('packages/contracts/src/http/endpoints/finder.ts');
    expect(packages.filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect(
      modules.filter((file) => file.startsWith('packages/contracts/') && /schema|family|scan\.ts|errors|orders|mail/.test(file)),
    ).toEqual([]);
    expect(modules.filter((file) => file.includes('/pages/account/') || file.includes('/pages/children/'))).toEqual([]);
  });

  it('tells a type import from a run-time one', () => {
    expect(
      runtimeImports(
        [
          "import type { A } from './a';",
          "import { type B, type C } from './b';",
          "import { type D, e } from './d';",
          "export * as f from './f.js';",
          "export type { G } from './g';",
          "import './h.css';",
        ].join('\n'),
      ),
    ).toEqual(['./d', './f.js', './h.css']);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from '@bracelet/devstack';
import { describe, expect, it } from 'vitest';

/** Packages are the ground floor: nothing in packages/ may depend on a service or a frontend. */
const upperFloors = ['services', 'frontends'];

const workspaceNames = (floor: string) =>
  readdirSync(join(repoRoot, floor))
    .filter((name) => statSync(join(repoRoot, floor, name)).isDirectory())
    .map((name) => (JSON.parse(readFileSync(join(repoRoot, floor, name, 'package.json'), 'utf8')) as { name: string }).name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const importSpecifiers = (source: string) =>
  [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+|require\s*\(\s*)['"]([^'"]+)['"]/g)].map((match) => match[1] as string);

/** Every way a package could reach a service or a frontend: a workspace name, or a relative path. */
function findUpwardDependencies(): string[] {
  const forbidden = new Set(upperFloors.flatMap(workspaceNames));
  const problems: string[] = [];
  const packagesDir = join(repoRoot, 'packages');
  for (const name of readdirSync(packagesDir)) {
    const manifest = JSON.parse(readFileSync(join(packagesDir, name, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const dependency of Object.keys(manifest[field] ?? {})) {
        if (forbidden.has(dependency)) problems.push(`packages/${name}/package.json ${field}: ${dependency}`);
      }
    }
    for (const file of sourceFiles(join(packagesDir, name))) {
      for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
        const workspace = specifier.split('/').slice(0, 2).join('/');
        const target = specifier.startsWith('.') ? relative(repoRoot, resolve(dirname(file), specifier)) : undefined;
        if (forbidden.has(workspace) || (target && upperFloors.some((floor) => target.startsWith(`${floor}/`)))) {
          problems.push(`${relative(repoRoot, file)} imports ${specifier}`);
        }
      }
    }
  }
  return problems;
}

describe('dependency rules', () => {
  it('no package imports a service or a frontend', () => {
    expect(findUpwardDependencies()).toEqual([]);
  });

  it('sees an upward import when there is one', () => {
    expect(
      importSpecifiers("import { x } from '@bracelet/family/seed';\nconst y = await import('../../services/scan/src/app.js');"),
    ).toEqual(['@bracelet/family/seed', '../../services/scan/src/app.js']);
  });
});

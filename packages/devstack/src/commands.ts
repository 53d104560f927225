import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { commandEntryOf, type DataService, repoRoot } from './processes-table.js';

export class CommandFailedError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${command} a échoué (code ${exitCode}) : ${stderr.trim()}`);
  }
}

/**
 * Runs one of a service's commands against its own database (devstack knows no service's code:
 * it only runs their commands) and returns what it printed on stdout.
 */
export function runServiceCommand(
  service: DataService,
  command: string,
  { databaseUrl, args = [], input, logLevel = 'warn' }: { databaseUrl: string; args?: string[]; input?: string; logLevel?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, commandEntryOf(service, command)), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: service, LOG_LEVEL: logLevel },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new CommandFailedError(`${service}:${command}`, code, stderr))));
    child.stdin.end(input ?? '');
  });
}

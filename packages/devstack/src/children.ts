import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './processes-table.js';

export type RunningProcess = { name: string; port: number; child: ChildProcess; stop(): Promise<void> };

const WARN = 40;

/**
 * Starts one product process from its TypeScript source. Its JSON logs go to
 * <logsDir>/<name>.log; warnings and errors are also echoed to the console, prefixed.
 */
export function startProcess(
  { name, entry, port, env, logsDir }: { name: string; entry: string; port: number; env: NodeJS.ProcessEnv; logsDir: string },
  echo: (line: string) => void,
): RunningProcess {
  mkdirSync(logsDir, { recursive: true });
  const logFile = createWriteStream(join(logsDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    logFile.write(chunk);
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const record = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((record.level ?? 0) >= WARN) echo(`[${name}] ${record.msg ?? ''}${record.err?.message ? `: ${record.err.message}` : ''}`);
      } catch {
        echo(`[${name}] ${line}`);
      }
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    port,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      logFile.end();
    },
  };
}

/** Waits until url answers 200, failing early if the process exits. */
export async function waitUntilReady(url: string, process: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`${process.name} exited with code ${process.child.exitCode}: see its log`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${process.name} was not ready within ${timeoutMs / 1000} s (${url})`);
}

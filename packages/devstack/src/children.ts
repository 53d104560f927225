import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { repoRoot } from './processes-table.js';

export type RunningProcess = {
  name: string;
  port: number;
  /** The process running now (a new one after each restart). */
  readonly child: ChildProcess;
  /** How many times the supervisor restarted it. */
  readonly restarts: number;
  /** From now on an exit is expected (the whole product is stopping): no restart, no alarm. */
  markStopping(): void;
  stop(): Promise<void>;
};

/**
 * What `npm start` does when a process exits on its own: say which one, why and its last log line,
 * start it again after a growing pause, and give up — `onGiveUp` — when it keeps dying.
 */
export type Supervision = { onGiveUp(message: string): void };

const WARN = 40;
/** Pauses before each restart in a row; the last one repeats. */
const RESTART_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
/** This many unexpected exits within CRASH_WINDOW_MS stop the product instead of looping. */
const CRASHES_BEFORE_GIVING_UP = 5;
const CRASH_WINDOW_MS = 60_000;
/** After SIGTERM a process has the kit's shutdown deadline (10 s) and a margin, then SIGKILL. */
const KILL_AFTER_MS = 12_000;

/**
 * Starts one product process from its TypeScript source. Its JSON logs go to
 * <logsDir>/<name>.log; warnings and errors are also echoed to the console, prefixed. With
 * `supervision`, a process that exits unexpectedly is restarted.
 */
export function startProcess(
  { name, entry, port, env, logsDir }: { name: string; entry: string; port: number; env: NodeJS.ProcessEnv; logsDir: string },
  echo: (line: string) => void,
  supervision?: Supervision,
): RunningProcess {
  mkdirSync(logsDir, { recursive: true });
  const logFile = createWriteStream(join(logsDir, `${name}.log`), { flags: 'a' });
  let lastLine = '';
  let stopping = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  const crashes: number[] = [];

  const echoLine = (line: string) => {
    if (!line.trim()) return;
    try {
      const record = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      const text = `${record.msg ?? ''}${record.err?.message ? `: ${record.err.message}` : ''}`;
      lastLine = text;
      if ((record.level ?? 0) >= WARN) echo(`[${name}] ${text}`);
    } catch {
      lastLine = line;
      echo(`[${name}] ${line}`);
    }
  };
  /** Whole lines only (a chunk may end mid-line, or mid-character), each stream on its own. */
  const lineReader = () => {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    return {
      data: (chunk: Buffer) => {
        logFile.write(chunk);
        const lines = (partial + decoder.write(chunk)).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) echoLine(line);
      },
      end: () => echoLine(partial + decoder.end()),
    };
  };

  const spawnChild = () => {
    const started = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [started.stdout, started.stderr]) {
      const reader = lineReader();
      stream?.on('data', reader.data);
      stream?.on('end', reader.end);
    }
    // 'close' comes once its output is read to the end: the last line is the real last one.
    started.once('close', (code, signal) => {
      if (stopping || !supervision) return;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && (crashes[0] as number) < now - CRASH_WINDOW_MS) crashes.shift();
      const cause = signal ? `signal ${signal}` : `code ${code}`;
      const last = lastLine ? ` ; dernière ligne : « ${lastLine.slice(0, 200)} »` : '';
      if (crashes.length >= CRASHES_BEFORE_GIVING_UP) {
        supervision.onGiveUp(
          `[${name}] s'est arrêté ${crashes.length} fois en moins d'une minute (${cause})${last}. Le produit s'arrête : voir ${join(logsDir, `${name}.log`)}.`,
        );
        return;
      }
      const delay = RESTART_DELAYS_MS[Math.min(crashes.length - 1, RESTART_DELAYS_MS.length - 1)] as number;
      echo(`[${name}] s'est arrêté de façon inattendue (${cause})${last} — redémarrage dans ${String(delay / 1000).replace('.', ',')} s.`);
      restartTimer = setTimeout(() => {
        if (stopping) return;
        restarts += 1;
        child = spawnChild();
        echo(`[${name}] redémarré (redémarrage n° ${restarts}).`);
      }, delay);
    });
    return started;
  };

  let child = spawnChild();
  return {
    name,
    port,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    markStopping() {
      stopping = true;
      clearTimeout(restartTimer);
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
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

import type { RunningProcess } from '@bracelet/devstack';

/**
 * Asks every process's /readyz every POLL_MS, all at once, and keeps each round: when all seven
 * answered 200, and which did not. A probe that does not answer within PROBE_TIMEOUT_MS counts as
 * not ready (the kit answers within ~1 s whatever its dependencies do: ADR 016).
 */
const POLL_MS = 250;
const PROBE_TIMEOUT_MS = 1500;

export type ReadinessRound = { at: number; notReady: string[] };

export type ReadinessWatch = {
  rounds: ReadinessRound[];
  /** The first round at or after `from` in which every process was ready (waits up to timeoutMs). */
  readyAfter(from: number, timeoutMs: number): Promise<number | undefined>;
  /** Every process reported not ready at least once between the two moments. */
  notReadyBetween(from: number, to: number): string[];
  stop(): Promise<void>;
};

export function watchReadiness(processes: readonly RunningProcess[]): ReadinessWatch {
  const rounds: ReadinessRound[] = [];
  let stopped = false;
  const probe = async (running: RunningProcess) => {
    try {
      const response = await fetch(`http://127.0.0.1:${running.port}/readyz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  };
  const loop = (async () => {
    while (!stopped) {
      const at = performance.now();
      const answers = await Promise.all(processes.map(async (running) => ({ name: running.name, ready: await probe(running) })));
      rounds.push({ at, notReady: answers.filter((answer) => !answer.ready).map((answer) => answer.name) });
      const elapsed = performance.now() - at;
      if (elapsed < POLL_MS) await new Promise((resolve) => setTimeout(resolve, POLL_MS - elapsed));
    }
  })();
  return {
    rounds,
    async readyAfter(from, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const round = rounds.find((candidate) => candidate.at >= from && candidate.notReady.length === 0);
        if (round) return round.at;
        if (performance.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    notReadyBetween(from, to) {
      const names = new Set<string>();
      for (const round of rounds) if (round.at >= from && round.at <= to) for (const name of round.notReady) names.add(name);
      return [...names];
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
